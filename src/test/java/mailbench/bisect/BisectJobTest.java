package mailbench.bisect;

import static mailbench.bisect.CommitRange.abbreviated;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.compare.Metric;
import mailbench.json.Json;
import mailbench.nightly.NightlyJob;
import mailbench.nightly.PairBench;

/**
 * A whole bisection through its real pieces (the range read by git, every commit cloned and built, pairs made and read,
 * bisect.json), in a temporary repository of nine commits whose runs are made up ({@link MadeUpCommits}). Interleaved
 * runs without a node: a duet needs a real one.
 */
class BisectJobTest {

    private static final int CULPRIT = 5;

    @TempDir
    Path dir;

    @Test
    void shouldNameTheCulpritFromRunsOfEachCommitAndRecordEveryStep() throws Exception {
        List<String> commits = MadeUpCommits.repository(dir.resolve("checkout"), 8);
        String maven = MadeUpCommits.maven(dir, commits, CULPRIT, 40, 12);
        BisectJob.Settings settings = new BisectJob.Settings(commits.get(0), "HEAD", dir.resolve("checkout"), dir.resolve("builds"),
            dir.resolve("bisect"), maven, Map.of(), new PairBench.Settings(NightlyJob.Design.INTERLEAVED, false, null, 0),
            BisectPlanner.Limits.DEFAULT);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        BisectJob.Outcome outcome = new BisectJob(settings, new PrintStream(progress, true, StandardCharsets.UTF_8))
            .run(new NightEffect(Metric.CPU_MS_PER_REQUEST, 20, 4.2, "given"));

        assertThat(outcome.bisection().culprit()).as(outcome.bisection().why()).isEqualTo(commits.get(CULPRIT));
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("[bisect] step 1/4: testing " + abbreviated(commits.get(4))
            + " against " + abbreviated(commits.get(0)) + " with 6 pairs ...").contains("[bisect] the culprit is "
            + abbreviated(commits.get(CULPRIT)));
        JsonNode record = Json.MAPPER.readTree(outcome.record().toFile());
        assertThat(record.path("verdict").asText()).isEqualTo("confirmed");
        assertThat(record.path("culprit").asText()).isEqualTo(commits.get(CULPRIT));
        assertThat(record.path("commits")).hasSize(8);
        assertThat(record.path("steps")).hasSize(4).allSatisfy(step -> {
            assertThat(step.path("pairs").asInt()).isEqualTo(6);
            assertThat(step.path("changes")).hasSize(6);
        });
        assertThat(record.path("steps").findValuesAsText("answer")).containsExactly("same", "different", "different", "different");
        assertThat(record.path("steps").get(3).path("kind").asText()).isEqualTo("confirm");
        assertThat(dir.resolve("bisect").resolve(CheckoutSteps.STEPS).resolve("01-" + abbreviated(commits.get(4))).resolve("current"))
            .isDirectory();
    }
}
