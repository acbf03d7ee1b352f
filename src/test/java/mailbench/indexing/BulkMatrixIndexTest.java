package mailbench.indexing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;

import org.junit.jupiter.api.Test;

class BulkMatrixIndexTest {

    private static final URI TARGET = URI.create("http://facade.staging:8080");

    private static String resolve(String index, boolean confirm, URI target, String facadeIndex) {
        return BulkMatrixIndex.resolve(index, confirm, target, facadeIndex, "mailbench.bulk.index", "mailbench.bulk.deleteIndexOnTarget");
    }

    @Test
    void theLocalStackShouldNeedNoConfirmation() {
        assertThat(resolve("mail", false, null, "mail")).isEqualTo("mail");
    }

    @Test
    void aTargetShouldNeedTheConfirmationKnob() {
        assertThatThrownBy(() -> resolve("mail", false, TARGET, "mail"))
            .hasMessageContaining("deletes and recreates the index 'mail'").hasMessageContaining(TARGET.toString())
            .hasMessageContaining("-Dmailbench.bulk.deleteIndexOnTarget=true");
        assertThat(resolve("bench-mail", true, TARGET, "bench-mail")).isEqualTo("bench-mail");
    }

    @Test
    void anIndexOtherThanTheFacadesShouldBeRefused() {
        assertThatThrownBy(() -> resolve("mail", true, TARGET, "staging-mail"))
            .hasMessageContaining("the facade serves the index 'staging-mail'").hasMessageContaining("-Dmailbench.bulk.index=staging-mail");
    }

    @Test
    void aBadIndexNameShouldBeRefused() {
        assertThatThrownBy(() -> resolve("Mail/../x", false, null, null)).hasMessageContaining("-Dmailbench.bulk.index must be");
    }
}
