package mailbench.bisect;

import static mailbench.bisect.CommitRange.abbreviated;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.compare.Metric;
import mailbench.json.Json;
import mailbench.nightly.Git;
import mailbench.nightly.NightlyHistories;
import mailbench.nightly.NightlyJob;
import mailbench.nightly.PairSession;

/**
 * A whole bisection through its real pieces (the range read by git, every commit cloned and built, pairs made and read,
 * bisect.json), in a temporary repository of nine commits, with a Maven whose "gatling:test" moves in a run folder made
 * up for the commit it runs in: the facade's CPU per request is 0.5 ms up to the culprit and 0.6 ms from it on. Interleaved
 * runs without a node: a duet needs a real one.
 */
class BisectJobTest {

    private static final NightlyHistories.Load BEFORE = new NightlyHistories.Load(100, 10, 0.5);
    private static final NightlyHistories.Load AFTER = new NightlyHistories.Load(100, 10, 0.6);
    private static final int CULPRIT = 5;

    @TempDir
    Path dir;

    @Test
    void shouldNameTheCulpritFromRunsOfEachCommitAndRecordEveryStep() throws Exception {
        List<String> commits = repository(Files.createDirectories(dir.resolve("checkout")), 8);
        String maven = NightlyHistories.fakeMaven(dir, queue(commits));
        BisectJob.Settings settings = new BisectJob.Settings(commits.get(0), "HEAD", dir.resolve("checkout"), dir.resolve("builds"),
            dir.resolve("bisect"), maven, Map.of(), new PairSession.Settings(NightlyJob.Design.INTERLEAVED, false, null, 0),
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

    /** {@code count} commits after a first one, each with the pom.xml a checkout needs; all their ids, oldest first. */
    private static List<String> repository(Path project, int count) throws Exception {
        git(project, "init", "-q");
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        git(project, "add", "pom.xml");
        List<String> commits = new ArrayList<>();
        for (int i = 0; i <= count; i++) {
            git(project, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "commit " + i);
            commits.add(git(project, "rev-parse", "HEAD"));
        }
        return commits;
    }

    /** Run folders for each commit's checkout (named by its id): more for the good one, which is in every step. */
    private Path queue(List<String> commits) throws Exception {
        Path queues = dir.resolve("queue");
        Random random = new Random(11);
        for (int position = 0; position < commits.size(); position++) {
            for (int run = 1; run <= (position == 0 ? 40 : 12); run++) {
                String name = String.format("20261201-02%02d%02d-SearchSimulation-default", position, run);
                NightlyHistories.writeRun(queues.resolve(commits.get(position)).resolve(name), "bench-1",
                    position >= CULPRIT ? AFTER : BEFORE, random);
            }
        }
        return queues;
    }

    private static String git(Path dir, String... args) {
        return Git.run(dir, args).require("git " + String.join(" ", args));
    }
}
