package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

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
    void shouldDefaultToItimerEvery10MsWithAllocationEvery2MiB() {
        assertThat(CaptureSettings.defaults()).isEqualTo(new CaptureSettings("itimer", 10, 2_097_152));
        assertThat(CaptureSettings.defaults().samplesAllocation()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "524288", " 1048576 ", "10000000000"})
    void parseAllocBytesShouldAcceptZeroAndPositiveWholeNumbers(String value) {
        assertThat(CaptureSettings.parseAllocBytes(value, "--alloc-bytes")).isEqualTo(Long.parseLong(value.strip()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "512k", "1.5", "", "lots"})
    void parseAllocBytesShouldRejectAnythingElseNamingTheOption(String value) {
        assertThatThrownBy(() -> CaptureSettings.parseAllocBytes(value, "--alloc-bytes"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--alloc-bytes: the allocation sampling interval must be 0 (no allocation sampling) or a whole number of"
                + " bytes (default 2097152), got '" + value + "'");
    }

    @Test
    void shouldRejectANegativeAllocationInterval() {
        assertThatThrownBy(() -> new CaptureSettings("itimer", 10, -1)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("got '-1'");
    }

    @Test
    void startShouldSampleAllocationInTheSameSessionUnlessSwitchedOff() {
        Path jfr = Path.of("capture", "facade.jfr");

        assertThat(ProfilerSidecar.startArguments(new CaptureSettings("itimer", 10, 1_024), jfr))
            .containsExactly("start", "-e", "itimer", "-i", "10ms", "--alloc", "1024", "-f", jfr.toString());
        assertThat(ProfilerSidecar.startArguments(new CaptureSettings("wall", 20, 0), jfr))
            .containsExactly("start", "-e", "wall", "-i", "20ms", "-f", jfr.toString());
        assertThat(new CaptureSettings("wall", 20, 0).samplesAllocation()).isFalse();
    }
}
