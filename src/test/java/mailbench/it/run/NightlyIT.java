package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.cli.MailbenchMain;
import mailbench.it.support.MavenCommand;
import mailbench.json.Json;
import mailbench.knobs.Knobs;

/**
 * The nightly job as an operator runs it, in miniature: this checkout's HEAD pinned as the baseline, cloned and built
 * beside it, one duet pair (both sides' facades on the night's own node, a small corpus, a low rate) from one agreed
 * second, judged and recorded. Thresholds are opened wide: one short pair on a shared 2-core host differs by chance;
 * what is checked is that the pair was a duet pair and the night says what it was.
 */
class NightlyIT {

    private static final Path WORK = Path.of("target", "nightly-it").toAbsolutePath();
    private static final Path CHECKOUT = Path.of("").toAbsolutePath();

    @Test
    void aCommitTheCheckoutLacksShouldBeAToolErrorBeforeAnythingRuns() {
        long start = System.nanoTime();
        assertThat(MailbenchMain.run("nightly", "--baseline-commit", "0123456789abcdef0123", "--project-dir", CHECKOUT.toString(),
            "--out", WORK.resolve("no-such-commit").toString())).isEqualTo(2);
        assertThat(MailbenchMain.run("nightly", "--baseline-commit", "HEAD", "--baseline", "baselines/main",
            "--out", WORK.resolve("stored").toString())).as("a stored baseline is refused with the fix").isEqualTo(2);
        assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds, nothing ran").isLessThan(30);
        assertThat(WORK.resolve("no-such-commit")).doesNotExist();
        assertThat(WORK.resolve("stored")).doesNotExist();
    }

    @Test
    void aMiniatureDuetShouldRunBothCommitsInTheSameSecondsAndRecordTheNight() throws Exception {
        Path out = WORK.resolve("duet");
        Path history = WORK.resolve("history");
        List<String> args = new ArrayList<>(List.of("nightly", "--baseline-commit", "HEAD", "--design", "duet",
            "--min-pairs", "1", "--max-pairs", "1", "--project-dir", CHECKOUT.toString(), "--maven", MavenCommand.path(),
            "--builds", WORK.resolve("builds").toString(), "--out", out.toString(), "--history", history.toString(),
            "-Dmailbench.rate=100", "-Dmailbench.warmup=5", "-Dmailbench.duration=10",
            "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100", "-Dmailbench.assert.p99Ms=600000",
            "-Dmailbench.stack.searchWarmUpSeconds=" + SearchSimulationE2EIT.SEARCH_WARM_UP,
            // the night's node on C1 as the suite's other nodes (the facades and Gatling keep the night's own choice)
            "-D" + Knobs.OPENSEARCH_JIT.name() + "=c1",
            "--max-cpu-increase", "100000", "--max-allocation-increase", "100000", "--max-p99-increase", "100000",
            "--max-ko-increase", "100", "--max-rps-decrease", "100",
            // one fit pair (it warms the node and reads the host), and a rule that counts whatever a miniature's host leaves
            "--fit-pairs", "1", "--max-wait", "1", "--min-idle", "0", "--max-jit", "100", "--max-pair-ko", "100",
            // the sides were ready 52-63 s after launch in three fresh-clone builds of 2026-11-28 with 30 s of search warm-up,
            // and one side 66 s after it in a new machine's first build of 2026-12-01 (10 s of warm-up, the other test JVM
            // running a load of its own, probes of 1,044-1,696 ms): 90 s keeps a third spare over that, and a side that is
            // ready early only waits while the other test JVM takes the cores
            "--first-lead", "90"));

        assertThat(MailbenchMain.run(args.toArray(String[]::new))).as("see target/nightly-it/duet/*/logs").isZero();

        Path night;
        try (Stream<Path> nights = Files.list(out)) {
            night = nights.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
        JsonNode record = Json.MAPPER.readTree(night.resolve("night.json").toFile());
        String head = git("rev-parse", "HEAD");
        assertThat(record.get("design").asText()).isEqualTo("duet");
        assertThat(record.get("node").asText()).isEqualTo("shared");
        assertThat(record.get("baseline").asText()).isEqualTo(head);
        assertThat(record.get("pairs").asInt()).isEqualTo(1);
        assertThat(record.get("verdict").asText()).as("one pair cannot decide").isEqualTo("inconclusive");
        assertThat(record.get("runs")).hasSize(2);
        assertThat(record.at("/runs/0/side").asText()).isEqualTo("base");
        assertThat(record.at("/runs/1/side").asText()).isEqualTo("current");
        // the fit pair, which ran with the chosen tuning and counts: the night's pair 1, its runs moved beside the counted
        // pairs'; and what the host left each side of every pair
        assertThat(record.at("/fit/steps")).hasSize(1);
        assertThat(record.at("/fit/rate").asInt()).as("a named rate is only checked").isEqualTo(100);
        assertThat(record.at("/fit/steps/0/finding").asText()).contains("waited").contains("idle").contains("JIT");
        assertThat(record.at("/fit/lastCounted").asBoolean()).isTrue();
        assertThat(night.resolve("fit").resolve("logs").resolve("pair-1-base.log")).exists();
        assertThat(record.get("pairsMade")).hasSize(1);
        assertThat(record.at("/pairsMade/0/counted").asBoolean()).isTrue();
        if (Files.exists(Path.of("/proc/thread-self/schedstat"))) {
            assertThat(record.at("/pairsMade/0/base/waitShare").isNumber()).as("the request path's wait, read from schedstat").isTrue();
        }
        assertThat(record.at("/pairsMade/0/base/cores").asInt()).isPositive();
        assertThat(record.at("/pairsMade/0/current").has("idleCores")).isTrue();
        assertThat(record.at("/pairsMade/0/current").has("cpuPressure")).isTrue();
        assertThat(record.at("/pairsMade/0/current").has("jitPercent")).isTrue();
        try (Stream<Path> files = Files.list(history)) {
            assertThat(files.map(file -> file.getFileName().toString())).contains(night.getFileName() + ".json");
        }

        JsonNode base = runJson(night.resolve("base"));
        JsonNode current = runJson(night.resolve("current"));
        // one agreed second, one shared node, half the rate each
        assertThat(base.at("/knobs/mailbench.startAt").asText()).isNotBlank().isEqualTo(current.at("/knobs/mailbench.startAt").asText());
        assertThat(base.at("/knobs/mailbench.stack.opensearch").asText()).startsWith("http://127.0.0.1:")
            .isEqualTo(current.at("/knobs/mailbench.stack.opensearch").asText());
        assertThat(base.at("/knobs/mailbench.rate").asText()).isEqualTo("50");
        // both builds read the spacing knob: both sides send at random gaps, so neither trails the other on the same ticks
        assertThat(base.at("/knobs/mailbench.arrivals").asText()).isEqualTo("random");
        assertThat(current.at("/knobs/mailbench.arrivals").asText()).isEqualTo("random");
        // the base side is the pinned commit's own build, run from its clone
        assertThat(base.at("/versions/mailbench").asText()).startsWith(head.substring(0, 7));
        Instant baseStart = Instant.parse(base.get("measuredStart").asText());
        Instant currentStart = Instant.parse(current.get("measuredStart").asText());
        assertThat(Duration.between(baseStart, currentStart).abs()).as("the sides measured in the same seconds")
            .isLessThan(Duration.ofSeconds(1));

        JsonNode comparison = Json.MAPPER.readTree(night.resolve("comparison").resolve("comparison.json").toFile());
        assertThat(comparison.get("pairing").asText()).isEqualTo("paired");
        assertThat(night.resolve("logs").resolve("build-base.log")).exists();
        assertThat(WORK.resolve("builds").resolve(head).resolve("pom.xml")).exists();
    }

    private static JsonNode runJson(Path side) throws Exception {
        try (Stream<Path> runs = Files.list(side)) {
            Path run = runs.filter(dir -> Files.exists(dir.resolve("run.json"))).findFirst().orElseThrow();
            return Json.MAPPER.readTree(run.resolve("run.json").toFile());
        }
    }

    private static String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", CHECKOUT.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor()).as(output).isZero();
        return output;
    }
}
