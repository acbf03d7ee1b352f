package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.compare.RunResult;
import mailbench.json.Json;

/** After a regression night, the job says how to confirm it with alternated runs from the baseline's commit. */
class NightlyConfirmationTest {

    private static final NightlyHistories.Load LOAD = new NightlyHistories.Load(100, 10, 0.5);

    @TempDir
    Path dir;

    private RunResult run(String name, String commit) throws Exception {
        Path folder = NightlyHistories.writeRun(dir.resolve(name), "bench-1", LOAD, new Random(name.hashCode()));
        Path runJson = folder.resolve("run.json");
        ObjectNode record = (ObjectNode) Json.MAPPER.readTree(runJson.toFile());
        record.withObject("versions").put("mailbench", commit);
        Json.MAPPER.writeValue(runJson.toFile(), record);
        return RunResult.load(folder);
    }

    @Test
    void aBaselineOfOneCommitShouldBeNamedWithThePairsCommand() throws Exception {
        String confirm = NightlyJob.confirmation(List.of(run("b1", "0a1b2c3d4e5f"), run("b2", "0a1b2c3d4e5f")));

        assertThat(confirm).contains("host's as well as the code's", "a clone of commit 0a1b2c3d4e5f",
            "pairs --base-project-dir <that clone> --current-project-dir .");
    }

    @Test
    void aBaselineOfSeveralCommitsShouldNotNameOne() throws Exception {
        String confirm = NightlyJob.confirmation(List.of(run("b1", "0a1b2c3d4e5f"), run("b2", "99aa88bb77cc")));

        assertThat(confirm).contains("a clone of the baseline's commit").doesNotContain("0a1b2c3d4e5f");
    }
}
