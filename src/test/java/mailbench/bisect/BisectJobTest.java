package mailbench.bisect;

import static mailbench.bisect.CommitRange.abbreviated;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.compare.Metric;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.nightly.NightlyJob;
import mailbench.nightly.PairBench;
import mailbench.nightly.Side;

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

    @Test
    void shouldResumeAnInterruptedBisectionFromItsRecordedRoundsAndMakeOnlyThePairsItLacked() throws Exception {
        List<String> commits = MadeUpCommits.repository(dir.resolve("checkout"), 8);
        String maven = MadeUpCommits.maven(dir, commits, CULPRIT, 40, 20);
        Path folder = dir.resolve("bisect");
        BisectJob.Settings first = new BisectJob.Settings(commits.get(0), "HEAD", dir.resolve("checkout"), dir.resolve("builds"), folder,
            maven, Map.of(), new PairBench.Settings(NightlyJob.Design.INTERLEAVED, false, null, 0), BisectPlanner.Limits.DEFAULT);
        NightEffect effect = new NightEffect(Metric.CPU_MS_PER_REQUEST, 20, 4.2, "given");
        new BisectJob(first, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(effect);
        // the interruption: no bisect.json, and the check against the parent stopped after 2 of its 6 pairs
        Files.delete(folder.resolve(BisectJob.BISECT_JSON));
        Path check = folder.resolve(CheckoutSteps.STEPS).resolve("04-" + abbreviated(commits.get(CULPRIT)));
        for (String side : List.of(Side.BASE, Side.CURRENT)) {
            List<Path> runs;
            try (Stream<Path> listed = Files.list(check.resolve(side))) {
                runs = listed.sorted().toList();
            }
            Path cut = Files.createDirectories(dir.resolve("never-made").resolve(side));
            for (Path run : runs.subList(2, runs.size())) {
                Files.move(run, cut.resolve(run.getFileName()));
            }
        }
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        BisectJob.Settings resumed = new BisectJob.Settings(commits.get(0), "HEAD", dir.resolve("checkout"), dir.resolve("builds"),
            folder, maven, Map.of(), first.pairing(), BisectPlanner.Limits.DEFAULT, true);

        BisectJob.Outcome outcome = new BisectJob(resumed, new PrintStream(progress, true, StandardCharsets.UTF_8)).run(effect);

        assertThat(outcome.bisection().culprit()).as(outcome.bisection().why()).isEqualTo(commits.get(CULPRIT));
        assertThat(progress.toString(StandardCharsets.UTF_8))
            .contains("[bisect] replaying 6 counted pairs of " + abbreviated(commits.get(4)) + " against " + abbreviated(commits.get(0)))
            .contains("[bisect] replaying 2 counted pairs of " + abbreviated(commits.get(CULPRIT)) + " against "
                + abbreviated(commits.get(4)))
            .contains("4 more pairs are made now");
        JsonNode record = Json.MAPPER.readTree(outcome.record().toFile());
        assertThat(record.path("replayed")).hasSize(4);
        assertThat(record.path("steps").get(3).path("changes")).hasSize(6);
        assertThat(record.path("steps").get(3).path("rounds").toString()).isEqualTo("[6]");
        assertThat(folder.resolve(CheckoutSteps.STEPS).resolve("05-" + abbreviated(commits.get(CULPRIT))).resolve(Side.CURRENT))
            .isDirectoryContaining(path -> true);

        assertThatThrownBy(() -> new BisectJob(resumed, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
            .run(effect)).isInstanceOf(ToolError.class).hasMessageContaining("that bisection finished");
        BisectJob.Settings empty = new BisectJob.Settings(commits.get(0), "HEAD", dir.resolve("checkout"), dir.resolve("builds"),
            Files.createDirectories(dir.resolve("empty")), maven, Map.of(), first.pairing(), BisectPlanner.Limits.DEFAULT, true);
        assertThatThrownBy(() -> new BisectJob(empty, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
            .run(effect)).isInstanceOf(ToolError.class).hasMessageContaining("nothing to resume");
    }

    @Test
    void aDuetRateItsSidesCannotShareShouldBeRefusedBeforeAnythingIsBuilt() {
        PairBench.Settings duet = new PairBench.Settings(NightlyJob.Design.DUET, true, null, 0);

        assertThatThrownBy(() -> new BisectJob.Settings("HEAD~8", "HEAD", dir, dir.resolve("builds"), dir.resolve("bisect"), "mvn",
            Map.of("mailbench.rate", "101"), duet, BisectPlanner.Limits.DEFAULT)).isInstanceOf(ToolError.class)
            .hasMessageContaining("give an even rate (100 or 102)");
        assertThat(new BisectJob.Settings("HEAD~8", "HEAD", dir, dir.resolve("builds"), dir.resolve("bisect"), "mvn",
            Map.of("mailbench.rate", "100"), duet, BisectPlanner.Limits.DEFAULT).properties()).containsEntry("mailbench.rate", "100");
    }

    @Test
    void shouldMatchARunsCommitIdWithOrWithoutItsDirtyMark() {
        assertThat(ReplayedSteps.matches("662205e4a750", "662205e4a750628e8a69f3eca4d7291fdaa1b7ca")).isTrue();
        assertThat(ReplayedSteps.matches("662205e4a750-dirty", "662205e4a750628e8a69f3eca4d7291fdaa1b7ca")).isTrue();
        assertThat(ReplayedSteps.matches("662205e4a751", "662205e4a750628e8a69f3eca4d7291fdaa1b7ca")).isFalse();
        assertThat(ReplayedSteps.matches("unk", "662205e4a750628e8a69f3eca4d7291fdaa1b7ca")).isFalse();
    }
}
