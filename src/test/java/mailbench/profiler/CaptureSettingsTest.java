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
    @ValueSource(ints = {4, 10, 1_000})
    void shouldAcceptItimerIntervalsFromTheKernelTickTo1000Ms(int intervalMs) {
        assertThat(new CaptureSettings("itimer", intervalMs).intervalMs()).isEqualTo(intervalMs);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cpu", "wall"})
    void shouldAcceptOneMillisecondForTheOtherEvents(String event) {
        assertThat(new CaptureSettings(event, 1).intervalMs()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 1_001})
    void shouldRejectItimerIntervalsBelowTheKernelTickOrOver1000MsNamingTheFloor(int intervalMs) {
        assertThatThrownBy(() -> new CaptureSettings("itimer", intervalMs))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("profiler interval must be 4-1000 ms for itimer (it cannot sample faster than the kernel tick, 4 ms at 250 Hz),"
                + " got " + intervalMs);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 1_001})
    void shouldRejectIntervalsOutside1To1000MsForCpu(int intervalMs) {
        assertThatThrownBy(() -> new CaptureSettings("cpu", intervalMs))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("profiler interval must be 1-1000 ms for cpu, got " + intervalMs);
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
    @ValueSource(strings = {"0", "524288", " 1048576 ", "10000000000"})
    void parseAllocBytesShouldAcceptZeroAndWholeNumbersFrom512KiB(String value) {
        assertThat(CaptureSettings.parseAllocBytes(value, "--alloc-bytes")).isEqualTo(Long.parseLong(value.strip()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "1", "524287", "512k", "1.5", "", "lots"})
    void parseAllocBytesShouldRejectAnythingElseNamingTheOptionAndTheFloor(String value) {
        assertThatThrownBy(() -> CaptureSettings.parseAllocBytes(value, "--alloc-bytes"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--alloc-bytes: the allocation sampling interval must be 0 (no allocation sampling) or a whole number of"
                + " bytes of at least 524288 (512 KiB: each sample costs the target about 100 us of CPU, so a shorter interval"
                + " costs more than it measures; default 2097152), got '" + value + "'");
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, 1, 524_287})
    void shouldRejectAnAllocationIntervalBelowTheFloor(long allocBytes) {
        assertThatThrownBy(() -> new CaptureSettings("itimer", 10, allocBytes)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("at least 524288").hasMessageContaining("got '" + allocBytes + "'");
    }

    @Test
    void startShouldSampleAllocationInTheSameSessionUnlessSwitchedOff() {
        Path jfr = Path.of("capture", "facade.jfr");

        assertThat(ProfilerSidecar.startArguments(new CaptureSettings("itimer", 10, 1_048_576), jfr))
            .containsExactly("start", "-e", "itimer", "-i", "10ms", "--alloc", "1048576", "-f", jfr.toString());
        assertThat(ProfilerSidecar.startArguments(new CaptureSettings("wall", 20, 0), jfr))
            .containsExactly("start", "-e", "wall", "-i", "20ms", "-f", jfr.toString());
        assertThat(new CaptureSettings("wall", 20, 0).samplesAllocation()).isFalse();
    }
}
