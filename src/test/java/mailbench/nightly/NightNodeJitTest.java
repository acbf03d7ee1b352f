package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.errors.ToolError;
import mailbench.stack.NodeJit;

/** The compilers of a night's node: its -Dmailbench.opensearch.jit, the JVM's default unless given, a bad value a tool error. */
class NightNodeJitTest {

    @Test
    void theNightsNodeShouldRunTheJitItsPropertiesName() {
        assertThat(NightNode.jit(Map.of())).isEqualTo(NodeJit.TIERED);
        assertThat(NightNode.jit(Map.of("mailbench.opensearch.jit", "c1"))).isEqualTo(NodeJit.C1);
        assertThatThrownBy(() -> NightNode.jit(Map.of("mailbench.opensearch.jit", "fast"))).isInstanceOf(ToolError.class)
            .hasMessage("-Dmailbench.opensearch.jit must be tiered or c1, got 'fast'");
    }

    @Test
    void aBadValueShouldBeRefusedBeforeAnythingIsBuilt() {
        assertThatThrownBy(() -> PairBench.requireRunnable(Map.of("mailbench.opensearch.jit", "fast"), NightlyJob.Design.DUET))
            .isInstanceOf(ToolError.class).hasMessageContaining("-Dmailbench.opensearch.jit must be tiered or c1");
    }
}
