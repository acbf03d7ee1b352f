package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.cli.MailbenchMain;
import mailbench.it.support.Http;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TargetFacade;
import mailbench.json.Json;

/**
 * The nightly job as an operator runs it: a baseline made by the job itself, then a night
 * compared with it, its history file and its documents in a real OpenSearch results index.
 * Runs are short and slow (as in the end-to-end test); the verdict's thresholds are opened
 * wide, because two single short runs on a shared 2-core host differ by chance.
 */
class NightlyIT {

    private static final Path WORK = Path.of("target", "nightly-it").toAbsolutePath();
    private URI target = URI.create("http://127.0.0.1:1");

    @Test
    void aMissingBaselineShouldBeAToolErrorBeforeAnythingRuns() {
        long start = System.nanoTime();
        assertThat(MailbenchMain.run("nightly", "--baseline", WORK.resolve("no-such-baseline").toString(), "--runs", "1",
            "--out", WORK.resolve("nightly-missing").toString())).isEqualTo(2);
        assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds, nothing ran").isLessThan(30);
        assertThat(WORK.resolve("nightly-missing")).doesNotExist();
    }

    @Test
    void shouldStoreABaselineThenJudgeANightAgainstItAndKeepItsHistory() throws Exception {
        URI opensearch = SharedNode.url();
        Http.delete(opensearch, "/mailbench-results");
        Path baseline = WORK.resolve("baseline");
        Path history = WORK.resolve("history");
        deleteRecursively(WORK.resolve("baseline"));
        deleteRecursively(history);

        // the nights drive one facade started here (a target: no stack per run, so the test stays short)
        try (TargetFacade facade = TargetFacade.start("nightly")) {
            target = facade.url();
            judgeNights(opensearch, baseline, history);
        }
    }

    private void judgeNights(URI opensearch, Path baseline, Path history) throws Exception {
        assertThat(MailbenchMain.run(args("--baseline", baseline.toString(), "--create-baseline", "--runs", "1",
            "--history", history.toString()))).as("baseline night, see target/nightly-it/nightly/*/logs").isZero();
        try (Stream<Path> runs = Files.list(baseline)) {
            assertThat(runs.filter(dir -> Files.exists(dir.resolve("summary.json")))).hasSize(1);
        }

        assertThat(MailbenchMain.run(args("--baseline", baseline.toString(), "--runs", "1", "--history", history.toString(),
            "--results-url", opensearch.toString(),
            "--max-cpu-increase", "100000", "--max-p99-increase", "100000", "--max-ko-increase", "100", "--max-rps-decrease", "100")))
            .as("judged night").isZero();

        List<JsonNode> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(history)) {
            for (Path file : files.sorted().toList()) {
                entries.add(Json.MAPPER.readTree(file.toFile()));
            }
        }
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).get("verdict").asText()).isEqualTo("baseline");
        JsonNode night = entries.get(1);
        assertThat(night.get("verdict").asText()).isEqualTo("no regression");
        assertThat(night.get("metrics")).isNotEmpty();
        assertThat(night.at("/runs/0/rps").asDouble()).isBetween(90.0, 110.0);
        assertThat(Path.of(night.get("runsFolder").asText()).getParent().resolve("comparison").resolve("comparison.json")).exists();

        Http.Reply count = Http.get(opensearch, "/mailbench-results/_count");
        assertThat(count.json().get("count").asLong()).as(count.raw()).isEqualTo(1);
    }

    private String[] args(String... specific) {
        List<String> args = new ArrayList<>(List.of("nightly", "--project-dir", Path.of("").toAbsolutePath().toString(),
            "--maven", MavenCommand.path(), "--out", WORK.resolve("nightly").toString(),
            "-Dmailbench.target=" + target, "-Dmailbench.profiler=false",
            "-Dmailbench.rate=100", "-Dmailbench.warmup=5", "-Dmailbench.duration=10",
            "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100", "-Dmailbench.assert.p99Ms=600000"));
        args.addAll(List.of(specific));
        return args.toArray(String[]::new);
    }

    private static void deleteRecursively(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
