package mailbench.it.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.it.support.HotSpotDemo;
import mailbench.it.support.TargetJvm;
import mailbench.profiler.CaptureSettings;
import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ProfileConverter;
import mailbench.profiler.ProfileReport;
import mailbench.profiler.ProfilerSidecar;
import mailbench.profiler.ThreadGroup;
import mailbench.stack.ChildJvm;

/**
 * The numbers are right: a thread known to spend 60% of its CPU time in
 * {@code JsonProvider.provider()} shows that share in the event-loop profile, within a few percent.
 */
class ProfilerHotSpotIT {

    @TempDir
    Path work;

    @Test
    void theKnownHotSpotShouldShowItsShare() throws Exception {
        try (ChildJvm demo = TargetJvm.hotSpotDemo(work)) {
            Thread.sleep(3_000); // kept: past the demo's JIT warm-up, which shows no sign of its end
            ProfilerSidecar sidecar = new ProfilerSidecar(demo.pid(), work.resolve("captures"), Path.of("target", "async-profiler"));
            assertThat(sidecar.start(CaptureSettings.defaults()).state()).isEqualTo(ProfilerSidecar.State.RUNNING);
            Thread.sleep(12_000); // kept: the capture's length, enough samples for the share's tolerance
            ProfilerSidecar.Status stopped = sidecar.stop();
            assertThat(stopped.state()).as(String.valueOf(stopped.reason())).isEqualTo(ProfilerSidecar.State.STOPPED);
            ProfileReport report = sidecar.artifacts();

            CollapsedStacks eventLoop = CollapsedStacks.read(work.resolve("captures").resolve(stopped.capture())
                .resolve(ProfileConverter.COLLAPSED)).inGroup(ThreadGroup.CLIENT_EVENT_LOOP);
            long inProvider = eventLoop.filter(stack -> stack.frames().stream()
                .anyMatch(frame -> CollapsedStacks.method(frame).equals("jakarta/json/spi/JsonProvider.provider"))).samples();
            double share = 100.0 * inProvider / eventLoop.samples();
            // one busy thread gives ~100 samples/s; on a starved host fewer, so the tolerance follows the sample count:
            // 3 standard errors of a binomial share, and never tighter than 6 points
            long n = eventLoop.samples();
            assertThat(n).isGreaterThan(100);
            double p = HotSpotDemo.PROVIDER_PERCENT / 100.0;
            double tolerance = Math.max(6.0, 300 * Math.sqrt(p * (1 - p) / n));
            System.out.printf("[hot spot] %.1f%% of %d samples under JsonProvider.provider, expected %d%% within %.1f%n",
                share, n, HotSpotDemo.PROVIDER_PERCENT, tolerance);
            assertThat(share).as("share of the thread's samples under JsonProvider.provider (n=" + n + ")")
                .isCloseTo(HotSpotDemo.PROVIDER_PERCENT, within(tolerance));
            assertThat(report.threadGroups().get("clientEventLoop").samples()).isEqualTo(eventLoop.samples());
            // samples x interval against the CPU time the OS counted for the JVM: at 10 ms itimer is not capped by the tick
            assertThat(report.sampledCpuPercent()).as("sampled share of the JVM's CPU time").isBetween(75.0, 115.0);
            assertThat(report.topFrames().get("clientEventLoop").total())
                .anySatisfy(frame -> assertThat(frame.frame()).isEqualTo("jakarta/json/spi/JsonProvider.provider"));
        }
    }
}
