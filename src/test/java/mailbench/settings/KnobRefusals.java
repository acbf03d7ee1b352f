package mailbench.settings;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The settings tests' one check of a refused knob: reading the settings fails with exactly this message. */
final class KnobRefusals {

    private KnobRefusals() {
    }

    static void assertRejected(String message) {
        assertThatThrownBy(BenchConfig::fromSystemProperties)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage(message);
    }
}
