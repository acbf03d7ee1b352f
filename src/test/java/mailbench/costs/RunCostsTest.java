package mailbench.costs;

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
}
