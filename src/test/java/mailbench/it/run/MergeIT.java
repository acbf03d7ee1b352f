package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import mailbench.cli.MailbenchMain;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.SharedNode;
import mailbench.json.Json;
import mailbench.loader.CorpusLoader;
import mailbench.loader.SearchWarmer;
import mailbench.run.Feeders;
import mailbench.runfolder.LatencyLog;

/**
 * Scale-out as an operator does it, on one machine: one facade holding the corpus, two injectors
 * ({@code mvn gatling:test -Dmailbench.target=<facade>} at half the rate each) started together,
 * then {@code mailbench merge} of their run folders, checked against both inputs and read by compare.
 */
class MergeIT {

    /** A folder per test run: the injectors' logs and runs stay there to be read. */
    private static final Path WORK = Path.of("target", "merge-it", "" + System.currentTimeMillis()).toAbsolutePath();
    private static final CorpusSpec CORPUS = new CorpusSpec(42, 5_000, 100);
    /** Low enough that a busy 2-core host still answers: the merge is under test, not capacity. */
    private static final int RATE_EACH = 20;
    /** Maven and Gatling start in 6-15 s on a 2-core host, b after a: an injector later than this still runs, and says so. */
    private static final Duration AGREED_START_AHEAD = Duration.ofSeconds(25);

    @Test
    void twoInjectorsAtHalfTheRateShouldMergeIntoOneRunOfTheirCombinedLoad() throws Exception {
        // made once here: two injectors starting together would both write the same feeder files
        Path feeders = Feeders.forCorpus(CORPUS);
        FacadeConfig config = FacadeConfig.local(SharedNode.url(), "mail-it-merge-" + System.nanoTime())
            .with(new RequestLimits(256, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
        Path runA;
        Path runB;
        try (FacadeServer facade = FacadeServer.start(config)) {
            URI target = URI.create("http://127.0.0.1:" + facade.port());
            new CorpusLoader(target, line -> System.out.println("[merge-it] " + line)).load(CORPUS);
            // as the local stack does: a cold facade spends seconds in class loading and the JIT on its first searches
            assertThat(new SearchWarmer(target, line -> System.out.println("[merge-it] " + line)).warm(feeders, Duration.ofSeconds(20)))
                .as("searches answered 200 before the injectors start").isPositive();
            // an agreed start, as the injectors' recipe does: both measure the same seconds, so a short phase overlaps
            Instant startAt = Instant.now().plus(AGREED_START_AHEAD);
            Process a = injector(target, "a", startAt);
            // one checkout, one target folder: started at the same instant, the second Maven once found "added or removed
            // source files", recompiled the module and deleted a class under the first (NoSuchFileException); one after the other, never
            await("injector a past its compile checks").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> !a.isAlive() || Files.readString(WORK.resolve("injector-a.log")).contains("--- gatling-maven-plugin:"));
            Process b = injector(target, "b", startAt);
            runA = finished(a, "a");
            runB = finished(b, "b");
        }
        JsonNode summaryA = summary(runA);
        JsonNode summaryB = summary(runB);
        Path merged = WORK.resolve("merged");

        assertThat(MailbenchMain.run("merge", runA.toString(), runB.toString(), "--out", merged.toString())).isZero();

        JsonNode summary = summary(merged);
        JsonNode measured = summary.get("measured");
        assertThat(measured.get("requests").asLong())
            .isEqualTo(summaryA.at("/measured/requests").asLong() + summaryB.at("/measured/requests").asLong());
        assertThat(measured.get("ko").asLong()).isEqualTo(summaryA.at("/measured/ko").asLong() + summaryB.at("/measured/ko").asLong());
        for (JsonNode named : summary.get("requests")) {
            assertThat(named.get("requests").asLong()).as(named.get("name").asText())
                .isEqualTo(count(summaryA, named.get("name").asText()) + count(summaryB, named.get("name").asText()));
        }
        // the percentile of a union lies between the parts' percentiles
        long p99A = summaryA.at("/measured/p99Ms").asLong();
        long p99B = summaryB.at("/measured/p99Ms").asLong();
        assertThat(measured.get("p99Ms").asLong()).isBetween(Math.min(p99A, p99B), Math.max(p99A, p99B));
        assertThat(measured.get("rps").asDouble())
            .isCloseTo(summaryA.at("/measured/rps").asDouble() + summaryB.at("/measured/rps").asDouble(), within(0.02))
            // an injector short of CPU sends late (seen here at 9x the usual speed probe), never early
            .isBetween(2 * RATE_EACH * 0.5, 2 * RATE_EACH * 1.1);
        assertThat(summary.get("complete").asBoolean()).isTrue();
        assertThat(LatencyLog.read(merged.resolve(LatencyLog.FILE)).count()).isEqualTo(measured.get("requests").asLong());

        JsonNode runJson = Json.MAPPER.readTree(merged.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        assertThat(runJson.at("/knobs/mailbench.rate").asText()).isEqualTo("" + 2 * RATE_EACH);
        assertThat(runJson.get("injectors")).extracting(injector -> injector.get("runId").asText())
            .containsExactly(runA.getFileName().toString(), runB.getFileName().toString());
        assertThat(runJson.at("/injectors/0/host").asText()).isNotBlank().isNotEqualTo("unknown");
        // the merged window is what the injectors' windows share; two Mavens started together on a busy host reached
        // their load up to 27 s apart without an agreed start: one that misses it is late, and a miss must be said, not hidden
        Instant start = latest(instant(runA, "measuredStart"), instant(runB, "measuredStart"));
        Instant end = earliest(instant(runA, "measuredEnd"), instant(runB, "measuredEnd"));
        if (start.isBefore(end)) {
            assertThat(Instant.parse(runJson.get("measuredStart").asText())).isEqualTo(start);
            assertThat(Instant.parse(runJson.get("measuredEnd").asText())).isEqualTo(end);
        } else {
            assertThat(runJson.has("measuredStart")).isFalse();
            assertThat(runJson.get("warnings").toString()).contains("do not overlap");
        }

        // a merged run is a run to compare (here against one injector: twice the throughput, no regression)
        Path comparison = WORK.resolve("comparison");
        assertThat(MailbenchMain.run("compare", runA.toString(), merged.toString(), "--out", comparison.toString(),
            "--max-p99-increase", "100000", "--max-ko-increase", "100")).isZero();
        assertThat(Json.MAPPER.readTree(comparison.resolve("comparison.json").toFile()).get("verdict").asText()).isEqualTo("no regression");
    }

    /** One injector: the user's command against the shared facade, with its own reports and Gatling results folders. */
    private static Process injector(URI target, String name, Instant startAt) throws Exception {
        Files.createDirectories(WORK);
        List<String> command = MavenCommand.onC1(List.of(MavenCommand.path(), "-B", "-ntp", "gatling:test", MavenCommand.SIMULATIONS_ONLY,
            MavenCommand.SIMULATIONS_COMPILED,
            "-Dmailbench.target=" + target, "-Dmailbench.rate=" + RATE_EACH, "-Dmailbench.warmup=5", "-Dmailbench.duration=15",
            "-Dmailbench.startAt=" + startAt,
            "-Dmailbench.corpus.messages=" + CORPUS.messages(), "-Dmailbench.corpus.users=" + CORPUS.users(),
            // the merge is under test, not the stack: a slow host must not fail the injectors' assertions
            "-Dmailbench.assert.p99Ms=600000", "-Dmailbench.assert.successPercent=0", "-Dmailbench.profiler=false",
            "-Dmailbench.reportsDir=" + WORK.resolve("injector-" + name), "-Dmailbench.gatlingResults=" + WORK.resolve("gatling-" + name)));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(WORK.resolve("injector-" + name + ".log").toFile()).start();
    }

    private static Path finished(Process mvn, String name) throws Exception {
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("injector " + name + " finished in time").isTrue();
        assertThat(mvn.exitValue()).as("exit code; see " + WORK.resolve("injector-" + name + ".log")).isZero();
        try (Stream<Path> runs = Files.list(WORK.resolve("injector-" + name))) {
            return runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
    }

    private static JsonNode summary(Path run) throws Exception {
        return Json.MAPPER.readTree(run.resolve("summary.json").toFile());
    }

    private static long count(JsonNode summary, String name) {
        for (JsonNode named : summary.get("requests")) {
            if (named.get("name").asText().equals(name)) {
                return named.get("requests").asLong();
            }
        }
        return 0;
    }

    private static Instant instant(Path run, String field) throws Exception {
        return Instant.parse(Json.MAPPER.readTree(run.resolve("run.json").toFile()).get(field).asText());
    }

    private static Instant latest(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
