package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class CaptureSettingsTest {

    @ParameterizedTest
    @ValueSource(strings = {"itimer", "cpu", "wall"})
    void shouldAcceptTheSupportedEvents(String event) {
        assertThat(new CaptureSettings(event, 10).event()).isEqualTo(event);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"ITIMER", "alloc", "", " cpu"})
    void shouldRejectAnyOtherEvent(String event) {
        assertThatThrownBy(() -> new CaptureSettings(event, 10))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("profiler event must be one of [itimer, cpu, wall], got '" + event + "'");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10, 1_000})
    void shouldAcceptIntervalsFrom1To1000Ms(int intervalMs) {
        assertThat(new CaptureSettings("itimer", intervalMs).intervalMs()).isEqualTo(intervalMs);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 1_001})
    void shouldRejectIntervalsOutside1To1000Ms(int intervalMs) {
        assertThatThrownBy(() -> new CaptureSettings("itimer", intervalMs))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("profiler interval must be 1-1000 ms, got " + intervalMs);
    }

    @Test
    void shouldMeasureCpuForEveryEventButWall() {
        assertThat(new CaptureSettings("itimer", 10).measuresCpu()).isTrue();
        assertThat(new CaptureSettings("cpu", 10).measuresCpu()).isTrue();
        assertThat(new CaptureSettings("wall", 10).measuresCpu()).isFalse();
    }

    @Test
    void shouldDefaultToItimerEvery10Ms() {
        assertThat(CaptureSettings.defaults()).isEqualTo(new CaptureSettings("itimer", 10));
    }
}
