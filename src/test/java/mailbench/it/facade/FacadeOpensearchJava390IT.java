package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.it.support.TargetJvm;
import mailbench.settings.Variant;
import mailbench.stack.FacadeClasspath;

/** The facade contract on opensearch-java 3.9.0 (the opensearch-java-3.9.0 variant), resolved from Maven repositories at run time. */
class FacadeOpensearchJava390IT extends FacadeVariantContract {

    @Override
    Variant variant() {
        return Variant.named("opensearch-java-3.9.0");
    }

    @Test
    void restClientTransportShouldBeRefusedAtStartNamingTheFix() {
        assertThatThrownBy(() -> TargetJvm.facade(Path.of("target", "it", "FacadeOpensearchJava390IT-rest-client"),
            FacadeClasspath.of(variant().opensearchJava()), List.of("--transport", "rest-client", "--index", "mail-it-rest-client-390")))
            .hasMessageContaining("exited with code 2")
            .hasMessageContaining("--transport rest-client needs opensearch-java 2.x")
            .hasMessageContaining("use --transport httpclient5");
    }
}
