package mailbench.settings;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import mailbench.knobs.ClearedKnobs;
import mailbench.knobs.Knobs;

/** -Dmailbench.gatling.jit: c1 must have reached the JVM the run is in, which the pom's profile gatling-c1 sees to. */
@ExtendWith(ClearedKnobs.class)
class GatlingJitKnobTest {

    @Test
    void tieredShouldBeTheDefaultAndNeedNoOption() {
        assertThatCode(() -> KnobReaders.requireGatlingJit(List.of("-Xmx1g"))).doesNotThrowAnyException();
        System.setProperty("mailbench.gatling.jit", "tiered");
        assertThatCode(() -> KnobReaders.requireGatlingJit(List.of(Knobs.C1_ONLY))).doesNotThrowAnyException();
    }

    @Test
    void c1ShouldBeRefusedInAJvmThatCompilesWithC2() {
        System.setProperty("mailbench.gatling.jit", "c1");
        assertThatCode(() -> KnobReaders.requireGatlingJit(List.of("-Xmx1g", "-XX:TieredStopAtLevel=1"))).doesNotThrowAnyException();
        assertThatThrownBy(() -> KnobReaders.requireGatlingJit(List.of("-Xmx1g"))).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("-Dmailbench.gatling.jit=c1, but this JVM runs without -XX:TieredStopAtLevel=1")
            .hasMessageContaining("profile gatling-c1");
    }

    @Test
    void anotherValueShouldBeRefusedNamingBoth() {
        System.setProperty("mailbench.gatling.jit", "C2");
        assertThatThrownBy(() -> KnobReaders.requireGatlingJit(List.of())).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("-Dmailbench.gatling.jit must be tiered or c1, got 'C2'");
    }
}
