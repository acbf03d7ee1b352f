package mailbench.costs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table is refused, with the fix, where it could only be wrong; the real capture's table is checked by SearchSimulationE2EIT. */
class RunCostsTest {

    @Test
    void aFolderThatIsNotARunShouldBeRefused(@TempDir Path dir) {
        assertThatThrownBy(() -> RunCosts.write(dir, 10)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("is not a run folder").hasMessageContaining("reports/<timestamp>-<simulation>-<variant>");
    }

    @Test
    void aRunWithoutCaptureShouldBeRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("run.json"), "{}");
        Files.writeString(dir.resolve("summary.json"), "{}");
        assertThatThrownBy(() -> RunCosts.write(dir, 10)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("has no capture").hasMessageContaining("-Dmailbench.profiler=true");
    }

    @Test
    void aCaptureWithoutCountsShouldBeRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("run.json"), "{}");
        Files.writeString(dir.resolve("summary.json"), "{\"profile\":{\"requests\":0}}");
        Files.createDirectories(dir.resolve("profile"));
        Files.write(dir.resolve("profile/facade.jfr"), new byte[] {1});
        Files.writeString(dir.resolve("profile/profile.json"), "{\"event\":\"itimer\"}");
        assertThatThrownBy(() -> RunCosts.write(dir, 10)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no OS count of the facade's CPU");
    }

    @Test
    void aWallClockCaptureOrABrokenWindowShouldBeRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("run.json"), "{}");
        Files.writeString(dir.resolve("summary.json"), "{\"profile\":{\"requests\":10},\"facade\":{\"allocatedBytesPerRequest\":100}}");
        Files.createDirectories(dir.resolve("profile"));
        Files.write(dir.resolve("profile/facade.jfr"), new byte[] {1});
        Files.writeString(dir.resolve("profile/profile.json"), "{\"event\":\"wall\",\"targetCpuMs\":5}");
        assertThatThrownBy(() -> RunCosts.write(dir, 10)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("wall-clock capture").hasMessageContaining("-Dmailbench.profiler.event=itimer");

        Files.writeString(dir.resolve("profile/profile.json"), "{\"event\":\"itimer\",\"targetCpuMs\":5,\"startedAt\":\"yesterday\"}");
        assertThatThrownBy(() -> RunCosts.write(dir, 10)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no valid startedAt ('yesterday')");

        Files.writeString(dir.resolve("profile/profile.json"), "{\"event\":\"itimer\",\"targetCpuMs\":5,"
            + "\"startedAt\":\"2026-11-26T10:00:00Z\",\"stoppedAt\":\"2026-11-26T10:01:00Z\"}");
        assertThatThrownBy(() -> RunCosts.write(dir, 10)).isInstanceOf(java.io.IOException.class)
            .hasMessageContaining("cannot be read as a capture");
        assertThat(dir.resolve("profile/cost-cpu.collapsed")).doesNotExist();
    }
}
