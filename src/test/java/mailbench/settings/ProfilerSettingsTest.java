package mailbench.settings;

import static mailbench.settings.KnobRefusals.assertRejected;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.knobs.ClearedKnobs;
import mailbench.profiler.CaptureSettings;

/** The profiler knobs: on or off, the capture's event and intervals, the trim, a staging sidecar. */
@ExtendWith(ClearedKnobs.class)
class ProfilerSettingsTest {

    @Nested
    class Profiler {

        @Test
        void fromSystemPropertiesShouldProfileLocallyByDefault() {
            ProfilerSettings profiling = BenchConfig.fromSystemProperties().profiler();

            assertThat(profiling).isEqualTo(new ProfilerSettings(true, null, null, CaptureSettings.defaults(), 5));
        }

        @ParameterizedTest
        @ValueSource(strings = {"false", "FALSE"})
        void fromSystemPropertiesShouldTurnTheProfilerOff(String value) {
            System.setProperty("mailbench.profiler", value);

            assertThat(BenchConfig.fromSystemProperties().profiler().enabled()).isFalse();
        }

        @Test
        void fromSystemPropertiesShouldTurnTheProfilerOn() {
            System.setProperty("mailbench.profiler", "true");

            assertThat(BenchConfig.fromSystemProperties().profiler().enabled()).isTrue();
        }

        @Test
        void fromSystemPropertiesShouldRejectAProfilerSwitchThatIsNotABoolean() {
            System.setProperty("mailbench.profiler", "yes");

            assertRejected("-Dmailbench.profiler must be true or false, got 'yes'");
        }

        @Test
        void fromSystemPropertiesShouldReadTheEventAndInterval() {
            System.setProperty("mailbench.profiler.event", "wall");
            System.setProperty("mailbench.profiler.intervalMs", "20");

            assertThat(BenchConfig.fromSystemProperties().profiler().settings()).isEqualTo(new CaptureSettings("wall", 20));
        }

        @ParameterizedTest
        @ValueSource(strings = {"ITIMER", "alloc"})
        void fromSystemPropertiesShouldRejectAnUnknownEventNamingTheProperty(String event) {
            System.setProperty("mailbench.profiler.event", event);

            assertRejected("-Dmailbench.profiler.event: profiler event must be one of [itimer, cpu, wall], got '" + event + "'");
        }

        @Test
        void fromSystemPropertiesShouldRejectAZeroInterval() {
            System.setProperty("mailbench.profiler.intervalMs", "0");

            assertRejected("-Dmailbench.profiler.intervalMs must be an integer between 1 and 1000, got '0' (default 10)");
        }

        @Test
        void fromSystemPropertiesShouldReadTheAllocationSamplingInterval() {
            System.setProperty("mailbench.profiler.event", "wall");
            System.setProperty("mailbench.profiler.allocBytes", "0");

            assertThat(BenchConfig.fromSystemProperties().profiler().settings()).isEqualTo(new CaptureSettings("wall", 10, 0));
            assertThat(BenchConfig.knobValues()).containsEntry("mailbench.profiler.allocBytes", "0");
        }

        @Test
        void fromSystemPropertiesShouldSampleAllocationEvery2MiBByDefault() {
            assertThat(BenchConfig.fromSystemProperties().profiler().settings().allocBytes()).isEqualTo(2_097_152);
            assertThat(BenchConfig.knobValues()).containsEntry("mailbench.profiler.allocBytes", "2097152");
        }

        @ParameterizedTest
        @ValueSource(strings = {"-1", "1", "half", "512KiB"})
        void fromSystemPropertiesShouldRejectABadAllocationIntervalNamingTheProperty(String value) {
            System.setProperty("mailbench.profiler.allocBytes", value);

            assertRejected("-Dmailbench.profiler.allocBytes: the allocation sampling interval must be 0 (no allocation sampling)"
                + " or a whole number of bytes of at least 524288 (512 KiB: each sample costs the target about 100 us of CPU, so a"
                + " shorter interval costs more than it measures; default 2097152), got '" + value + "'");
        }

        @Test
        void fromSystemPropertiesShouldRejectAnItimerIntervalBelowTheKernelTickNamingTheProperty() {
            System.setProperty("mailbench.profiler.intervalMs", "1");

            assertRejected("-Dmailbench.profiler.intervalMs: profiler interval must be 4-1000 ms for itimer (it cannot sample faster"
                + " than the kernel tick, 4 ms at 250 Hz), got 1");
        }

        @Test
        void fromSystemPropertiesShouldReadTheTrim() {
            System.setProperty("mailbench.profiler.trimSeconds", "0");

            assertThat(BenchConfig.fromSystemProperties().profiler().trimSeconds()).isZero();
        }

        @Test
        void fromSystemPropertiesShouldRejectANegativeTrim() {
            System.setProperty("mailbench.profiler.trimSeconds", "-1");

            assertRejected("-Dmailbench.profiler.trimSeconds must be an integer between 0 and 3600, got '-1' (default 5)");
        }

        @Test
        void fromSystemPropertiesShouldReadTheSidecarUrlAndTokenFile() {
            System.setProperty("mailbench.profiler.url", "http://facade-1.staging.example.com:7070/");
            System.setProperty("mailbench.profiler.tokenFile", "/run/secrets/profiler-token");

            ProfilerSettings profiling = BenchConfig.fromSystemProperties().profiler();

            assertThat(profiling.url()).isEqualTo(URI.create("http://facade-1.staging.example.com:7070"));
            assertThat(profiling.tokenFile()).isEqualTo(Path.of("/run/secrets/profiler-token"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"facade-1:7070", "ftp://facade-1:7070", "http://"})
        void fromSystemPropertiesShouldRejectASidecarUrlThatIsNotAnHttpUrl(String url) {
            System.setProperty("mailbench.profiler.url", url);

            assertRejected("-Dmailbench.profiler.url must be an http(s)://host:port URL, got '" + url + "'");
        }
    }

}
