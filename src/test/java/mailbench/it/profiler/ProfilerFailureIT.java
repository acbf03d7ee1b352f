package mailbench.it.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.it.support.TargetJvm;
import mailbench.profiler.CaptureSettings;
import mailbench.profiler.ProfilerSidecar;
import mailbench.stack.ChildJvm;

/**
 * A capture that cannot happen is reported with its reason, never thrown at the run, and the
 * target's profiler is left stopped so the next capture can start.
 */
class ProfilerFailureIT {

    private static final Path LIBRARY = Path.of("target", "async-profiler");

    @TempDir
    Path work;

    @Test
    void aRefusedAttachShouldBeAFailedStatusWithTheReason() throws Exception {
        try (ChildJvm demo = TargetJvm.hotSpotDemo(work, "-XX:+DisableAttachMechanism")) {
            ProfilerSidecar sidecar = new ProfilerSidecar(demo.pid(), work.resolve("captures"), LIBRARY);
            ProfilerSidecar.Status status = sidecar.start(CaptureSettings.defaults());
            assertThat(status.state()).isEqualTo(ProfilerSidecar.State.FAILED);
            assertThat(status.reason()).contains("pid " + demo.pid()).containsIgnoringCase("attach");
            assertThat(sidecar.status().state()).isEqualTo(ProfilerSidecar.State.FAILED);
        }
    }

    @Test
    void aProcessThatIsGoneShouldBeNamed() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        ProfilerSidecar sidecar = new ProfilerSidecar(gone.pid(), work.resolve("captures"), LIBRARY);
        ProfilerSidecar.Status status = sidecar.start(CaptureSettings.defaults());
        assertThat(status.state()).isEqualTo(ProfilerSidecar.State.FAILED);
        assertThat(status.reason()).isEqualTo("process " + gone.pid() + " is not running");
    }

    @Test
    void anOutputFolderThatCannotBeMadeShouldBeNamed() throws Exception {
        Path notAFolder = Files.writeString(work.resolve("plain-file"), "x");
        ProfilerSidecar sidecar = new ProfilerSidecar(ProcessHandle.current().pid(), notAFolder.resolve("captures"), LIBRARY);
        ProfilerSidecar.Status status = sidecar.start(CaptureSettings.defaults());
        assertThat(status.state()).isEqualTo(ProfilerSidecar.State.FAILED);
        assertThat(status.reason()).contains("not writable");
    }

    @Test
    void aProfilerAlreadyRunningShouldFailTheSecondStartAndBeLeftStopped() throws Exception {
        try (ChildJvm demo = TargetJvm.hotSpotDemo(work)) {
            ProfilerSidecar first = new ProfilerSidecar(demo.pid(), work.resolve("first"), LIBRARY);
            ProfilerSidecar second = new ProfilerSidecar(demo.pid(), work.resolve("second"), LIBRARY);
            assertThat(first.start(CaptureSettings.defaults()).state()).isEqualTo(ProfilerSidecar.State.RUNNING);

            ProfilerSidecar.Status refused = second.start(CaptureSettings.defaults());
            assertThat(refused.state()).isEqualTo(ProfilerSidecar.State.FAILED);
            assertThat(refused.reason()).containsIgnoringCase("already");

            // left stopped: a fresh start works again
            ProfilerSidecar third = new ProfilerSidecar(demo.pid(), work.resolve("third"), LIBRARY);
            assertThat(third.start(CaptureSettings.defaults()).state()).isEqualTo(ProfilerSidecar.State.RUNNING);
            Thread.sleep(1_000); // kept: the capture's length, a second of samples to hand over
            assertThat(third.stop().state()).isEqualTo(ProfilerSidecar.State.STOPPED);
            assertThat(third.artifacts().samples()).isPositive();
        }
    }
}
