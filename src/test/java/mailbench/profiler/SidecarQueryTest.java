package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SidecarQueryTest {

    private static URI call(String pathAndQuery) {
        return URI.create("http://127.0.0.1:1" + pathAndQuery);
    }

    @Nested
    class Start {

        @Test
        void captureSettingsShouldDefaultWhatIsNotGiven() {
            assertThat(SidecarQuery.captureSettings(call("/start"))).isEqualTo(CaptureSettings.defaults());
        }

        @Test
        void captureSettingsShouldReadEveryParameter() {
            assertThat(SidecarQuery.captureSettings(call("/start?event=wall&intervalMs=20&allocBytes=0")))
                .isEqualTo(new CaptureSettings("wall", 20, 0));
        }

        @Test
        void captureSettingsShouldRejectAnIntervalThatIsNotANumber() {
            assertThatThrownBy(() -> SidecarQuery.captureSettings(call("/start?intervalMs=ten")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("intervalMs must be a whole number of milliseconds, got 'ten'");
        }

        @Test
        void captureSettingsShouldNameAllocBytesWhenItIsNegative() {
            assertThatThrownBy(() -> SidecarQuery.captureSettings(call("/start?allocBytes=-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("allocBytes: ");
        }

        @Test
        void captureSettingsShouldRejectAnItimerIntervalBelowTheKernelTickNamingTheFloor() {
            assertThatThrownBy(() -> SidecarQuery.captureSettings(call("/start?intervalMs=1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be 4-1000 ms for itimer").hasMessageContaining("kernel tick");
        }

        @Test
        void captureSettingsShouldRejectATinyAllocationIntervalNamingTheFloor() {
            assertThatThrownBy(() -> SidecarQuery.captureSettings(call("/start?allocBytes=1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("allocBytes: ").hasMessageContaining("at least 524288");
        }

        @Test
        void captureSettingsShouldRejectAnUnknownParameterAndListTheAcceptedOnes() {
            assertThatThrownBy(() -> SidecarQuery.captureSettings(call("/start?ev%69l=1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown parameter 'evil' (accepted: event, intervalMs, allocBytes)");
        }
    }

    @Nested
    class Artifacts {

        @Test
        void windowShouldBeWholeWithoutParameters() {
            assertThat(SidecarQuery.window(call("/artifacts"))).isEqualTo(ProfilerSidecar.Window.WHOLE);
            assertThat(SidecarQuery.window(call("/artifacts?"))).isEqualTo(ProfilerSidecar.Window.WHOLE);
        }

        @Test
        void windowShouldReadEitherBound() {
            assertThat(SidecarQuery.window(call("/artifacts?from=1700000000000")))
                .isEqualTo(new ProfilerSidecar.Window(1_700_000_000_000L, null));
            assertThat(SidecarQuery.window(call("/artifacts?from=1&to=2"))).isEqualTo(new ProfilerSidecar.Window(1L, 2L));
        }

        @Test
        void windowShouldRejectABoundThatIsNotEpochMillis() {
            assertThatThrownBy(() -> SidecarQuery.window(call("/artifacts?to=yesterday")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("to must be epoch milliseconds, got 'yesterday'");
        }

        @Test
        void windowShouldRejectTheStartParameters() {
            assertThatThrownBy(() -> SidecarQuery.window(call("/artifacts?event=wall")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown parameter 'event' (accepted: from, to)");
        }
    }
}
