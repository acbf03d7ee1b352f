package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchHttp;
import mailbench.corpus.CorpusSpec;
import mailbench.it.support.Http;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.RunFolders;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TargetFacade;
import mailbench.json.Json;
import mailbench.loader.OpenSearchAdmin;
import mailbench.loader.SearchWarmer;
import mailbench.run.Feeders;
import mailbench.stack.EmbeddedNode;

/**
 * OpenSearch SIGKILLed in the middle of a real {@code mvn gatling:test} and started again on the
 * same port and data: the run ends by itself, its folder is complete, and summary.json's
 * {@code errors} puts one window of 503s where the outage was, and (next to) nothing elsewhere.
 */
class OutageErrorWindowIT {

    // 50 req/s: the facade runs in this JVM on a shared 2-core host; at 100 req/s a busy host queued requests into
    // 10 s timeouts before the kill. The node is back about 13 s after the kill once its index is flushed (below);
    // unflushed, replaying the translog of the corpus under load took 34-61 s on a busy host.
    private static final int RATE = 50;
    private static final int WARM_UP_S = 8;
    private static final int DURATION_S = 50;
    /** When the node is killed, counted from the load's start: 7 s into the measured phase. */
    private static final int KILL_AFTER_S = 15;
    /** Then a new node is started at once: its JVM start alone keeps OpenSearch down for a while. */
    private static final int DOWN_FOR_S = 2;
    /** The run must go on this long after the facade serves again, to show no errors after the outage. */
    private static final long AFTER_MS = 5_000;
    /** How far the window's edges may lie from the outage as the test saw it (kill; first 200 after the restart). */
    private static final long TOLERANCE_MS = 2_000;
    /** KO outside the outage's window that still pass: a request cut at a second's edge. */
    private static final long STRAY_KO = 5;

    private static final Path WORK = Path.of("target", "outage-it", Long.toString(System.currentTimeMillis())).toAbsolutePath();

    @Test
    void summaryShouldPutTheOutagesErrorsInOneWindowOf503s() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        EmbeddedNode first = SharedNode.startOwn(WORK, Integer.toString(port));
        EmbeddedNode second = null;
        Path reports = WORK.resolve("reports");
        Path log = WORK.resolve("gatling.log");
        Process mvn = null;
        try (TargetFacade facade = TargetFacade.start("outage", first.url())) {
            // flushed and merged, as the stack leaves its corpus: the restarted node has no translog to replay
            OpenSearchAdmin.forceMerge(OpenSearchHttp.plain(first.url()), "_all");
            mvn = new ProcessBuilder(MavenCommand.onC1(List.of(MavenCommand.path(), "-B", "gatling:test", MavenCommand.SIMULATIONS_ONLY,
                MavenCommand.SIMULATIONS_COMPILED,
                "-Dmailbench.target=" + facade.url(),
                "-Dmailbench.rate=" + RATE, "-Dmailbench.warmup=" + WARM_UP_S, "-Dmailbench.duration=" + DURATION_S,
                "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100", "-Dmailbench.profiler=false",
                "-Dmailbench.assert.p99Ms=600000", "-Dmailbench.reportsDir=" + reports,
                "-Dmailbench.gatlingResults=" + WORK.resolve("gatling"))))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            // while Maven starts: the feeders' searches, as the local stack warms its facade, so a cold JIT does not time out early
            new SearchWarmer(facade.url(), line -> { }).warm(Feeders.forCorpus(new CorpusSpec(42, 5_000, 100)), Duration.ofSeconds(10));
            Path run = await("the load to start, see " + log).atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofMillis(250))
                .until(() -> RunFolders.started(reports), Optional::isPresent).orElseThrow();
            long loadStart = System.currentTimeMillis();
            // kept, both sleeps: the outage's timeline (when the node dies, how long it stays down) is the case under test
            Thread.sleep(TimeUnit.SECONDS.toMillis(KILL_AFTER_S));

            ProcessHandle.of(first.pid()).ifPresent(ProcessHandle::destroyForcibly);
            ProcessHandle.of(first.pid()).ifPresent(p -> p.onExit().join());
            long killedAt = System.currentTimeMillis();
            Thread.sleep(TimeUnit.SECONDS.toMillis(DOWN_FOR_S));
            second = SharedNode.startOwn(WORK, Integer.toString(port));
            // when the first search that succeeds was sent: on a busy host its answer may take a while to come back
            AtomicLong sent = new AtomicLong();
            await("the facade serves again").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200)).until(() -> {
                sent.set(System.currentTimeMillis());
                return Http.get(facade.url(), "/mailboxes/mbx-0/search?text=meeting").status() == 200;
            });
            long backAt = sent.get();
            assertThat(backAt).as("the facade served again %.1f s after the kill: too late for this run to show its end (raise DURATION_S)",
                (backAt - killedAt) / 1000.0).isLessThan(loadStart + TimeUnit.SECONDS.toMillis(WARM_UP_S + DURATION_S) - AFTER_MS);

            assertThat(mvn.waitFor(3, TimeUnit.MINUTES)).as("the run ends by itself, see " + log).isTrue();
            String output = Files.readString(log);
            System.out.printf("[outage] node killed at %d, serving again at %d (%.1f s later); mvn exit %d%n", killedAt, backAt,
                (backAt - killedAt) / 1000.0, mvn.exitValue());
            assertRunFolderComplete(run);
            JsonNode summary = Json.MAPPER.readTree(run.resolve("summary.json").toFile());
            System.out.println("[outage] errors: " + summary.get("errors"));
            assertOneWindowOver(summary, killedAt, backAt, coresLine(output));
            assertThat(output).as("the console line of the window").containsPattern("s into the run, measured\\): \\d+ of \\d+ requests KO;");
        } finally {
            if (mvn != null) {
                mvn.destroyForcibly();
            }
            if (second != null) {
                second.close();
            }
            first.close();
        }
    }

    private static void assertRunFolderComplete(Path run) throws Exception {
        JsonNode runJson = Json.MAPPER.readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        assertThat(run.resolve("summary.json")).isNotEmptyFile();
        assertThat(run.resolve("latency.hlog")).isNotEmptyFile();
        assertThat(run.resolve("gatling").resolve("index.html")).isNotEmptyFile();
        assertThat(Json.MAPPER.readTree(run.resolve("summary.json").toFile()).get("complete").asBoolean()).isTrue();
    }

    /** The console's "cores used" line: a host with no idle core times requests out before any kill. */
    private static String coresLine(String output) {
        return output.lines().filter(line -> line.contains("cores used")).findFirst().orElse("(no cores line)").strip();
    }

    private static void assertOneWindowOver(JsonNode summary, long killedAt, long backAt, String cores) {
        List<JsonNode> outage = new ArrayList<>();
        long strayKo = 0;
        for (JsonNode window : summary.get("errors")) {
            if (window.get("endMillis").asLong() >= killedAt - TOLERANCE_MS && window.get("startMillis").asLong() <= backAt + TOLERANCE_MS) {
                outage.add(window);
            } else {
                strayKo += window.get("ko").asLong();
            }
        }
        assertThat(outage).as("windows overlapping the outage").hasSize(1);
        JsonNode window = outage.get(0);
        // KOs before the kill (timeouts of a starved host) join the outage's window: the summary says so, and so does this
        assertThat(window.get("startMillis").asLong()).as("first KO vs the kill; window %s; %s", window, cores)
            .isBetween(killedAt - TOLERANCE_MS, killedAt + TOLERANCE_MS);
        assertThat(window.get("endMillis").asLong()).as("last KO vs the facade serving again").isBetween(backAt - TOLERANCE_MS,
            backAt + TOLERANCE_MS);
        assertThat(window.get("phase").asText()).isEqualTo("measured");
        long ko = window.get("ko").asLong();
        // RATE req/s over an outage of at least DOWN_FOR_S seconds
        assertThat(ko).isGreaterThan((long) RATE * DOWN_FOR_S / 2);
        assertThat(window.get("requests").asLong()).isGreaterThanOrEqualTo(ko);
        JsonNode top = window.get("messages").get(0);
        assertThat(top.get("message").asText()).contains("found 503");
        assertThat(top.get("count").asLong()).as("503s among the window's KO").isGreaterThanOrEqualTo(ko * 9 / 10);
        assertThat(strayKo).as("KO outside the outage").isLessThanOrEqualTo(STRAY_KO);
        assertThat(summary.at("/warmUp/ko").asLong() + summary.at("/measured/ko").asLong()).isEqualTo(ko + strayKo);
    }
}
