package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** On the tests' classpath the client is the stock one: no patch is in effect, and asking for one is refused with the fix. */
class ClientPatchesTest {

    @Test
    void theStockClientShouldRunWithoutPatchAndRefuseToPretendOtherwise() {
        assertThat(ClientPatches.inEffect()).isEqualTo(ClientPatches.NONE);
        assertThatThrownBy(() -> ClientPatches.requireInEffect("request-buffer-sized"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("opensearch-java")
            .hasMessageContaining("put target/client-patches/request-buffer-sized first on the classpath");
        assertThatThrownBy(() -> ClientPatches.requireInEffect("nope")).hasMessageContaining("known: request-buffer-sized");
    }
}
