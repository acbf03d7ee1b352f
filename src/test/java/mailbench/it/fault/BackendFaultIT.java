package mailbench.it.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.stack.EmbeddedNode;

/**
 * OpenSearch killed (SIGKILL) under a steady search load and started again on the same port
 * with the same data: while it is down the facade answers 503 at once (no hang, no piling
 * threads), and it serves again when the node is back, without being restarted itself.
 */
class BackendFaultIT {

    private static final int LOAD_THREADS = 4;

    /** One answer of the load: when (ms since the load started), what, how long it took. */
    record Answer(long atMs, int status, long tookMs) {
    }

    @Test
    void facadeShouldAnswer503AtOnceWhileTheNodeIsDownAndRecoverWithoutARestart() throws Exception {
        Path work = Path.of("target", "backend-fault-it", Long.toString(System.currentTimeMillis())).toAbsolutePath();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        EmbeddedNode first = SharedNode.startOwn(work, Integer.toString(port));
        EmbeddedNode second = null;
        FacadeServer facade = null;
        AtomicBoolean loading = new AtomicBoolean(true);
        List<Thread> load = new ArrayList<>();
        ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
        java.util.Set<String> otherErrors = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try {
            // read from /proc: ProcessHandle.Info leaves out the arguments of a command line as long as the node's classpath
            Path cmdline = Path.of("/proc", Long.toString(first.pid()), "cmdline");
            if (java.nio.file.Files.exists(cmdline)) {
                assertThat(java.nio.file.Files.readString(cmdline).split("\0")).as("the suite's node JVM compiles with C1 only")
                    .contains("-XX:TieredStopAtLevel=1");
            }
            facade = FacadeServer.start(FacadeConfigs.withPort(FacadeConfig.defaults().withOpenSearch(first.url()), 0));
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            String bulk = FacadeContract.message("mbx-f", "f1", "a@example.com", "Fault drill", "zorblax", "2025-01-10T09:00:00Z", "");
            assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);

            long loadStart = System.nanoTime();
            for (int i = 0; i < LOAD_THREADS; i++) {
                Thread thread = new Thread(() -> {
                    while (loading.get()) {
                        long sent = System.nanoTime();
                        int status;
                        try {
                            Http.Reply reply = Http.get(base, "/mailboxes/mbx-f/search?text=zorblax");
                            status = reply.status();
                            if (status != 200 && status != 503) {
                                otherErrors.add(status + " " + reply.raw());
                            }
                        } catch (Exception e) {
                            status = -1; // no answer at all: what the test must never see
                        }
                        long now = System.nanoTime();
                        answers.add(new Answer(TimeUnit.NANOSECONDS.toMillis(now - loadStart), status, TimeUnit.NANOSECONDS.toMillis(now - sent)));
                    }
                }, "fault-load-" + i);
                thread.start();
                load.add(thread);
            }
            // kept, the three sleeps: the drill's timeline (load before the kill, the outage, load after the restart)
            Thread.sleep(3_000);
            int threadsBefore = Thread.activeCount();

            ProcessHandle.of(first.pid()).ifPresent(ProcessHandle::destroyForcibly);
            ProcessHandle.of(first.pid()).ifPresent(p -> p.onExit().join());
            long killedAtMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - loadStart);
            Thread.sleep(8_000);
            int threadsDuringOutage = Thread.activeCount();
            long restartAtMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - loadStart);

            second = SharedNode.startOwn(work, Integer.toString(port));
            await("the facade serves again").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500))
                .until(() -> Http.get(base, "/mailboxes/mbx-f/search?text=zorblax").status() == 200);
            Thread.sleep(2_000);
            loading.set(false);
            for (Thread thread : load) {
                thread.join(30_000);
            }

            List<Answer> outage = answers.stream().filter(a -> a.atMs() > killedAtMs + 1_000 && a.atMs() < restartAtMs).toList();
            List<Answer> failed = answers.stream().filter(a -> a.status() != 200).toList();
            long firstFailure = failed.stream().mapToLong(Answer::atMs).min().orElse(-1);
            long lastFailure = failed.stream().mapToLong(Answer::atMs).max().orElse(-1);
            long slowestInOutage = outage.stream().mapToLong(Answer::tookMs).max().orElse(-1);
            System.out.printf("[backend fault] %d answers; node killed at %d ms, restarted at %d ms; errors from %d to %d ms"
                    + " (%d answers, statuses %s); slowest answer while down %d ms; threads %d before, %d while down%n",
                answers.size(), killedAtMs, restartAtMs, firstFailure, lastFailure, failed.size(),
                failed.stream().collect(java.util.stream.Collectors.groupingBy(Answer::status, java.util.stream.Collectors.counting())),
                slowestInOutage, threadsBefore, threadsDuringOutage);

            assertThat(answers).as("every request got an answer").noneMatch(a -> a.status() == -1);
            assertThat(outage).as("answers while the node was down").isNotEmpty().allMatch(a -> a.status() == 503);
            assertThat(slowestInOutage).as("ms for a 503 while the node is down: no hang").isLessThan(3_000);
            assertThat(otherErrors).as("errors are 503s, nothing else").isEmpty();
            assertThat(firstFailure).as("errors start with the kill").isGreaterThanOrEqualTo(killedAtMs - 1_000);
            assertThat(threadsDuringOutage - threadsBefore).as("threads piling up while the node is down").isLessThan(10);
            List<Answer> ordered = answers.stream().sorted(java.util.Comparator.comparingLong(Answer::atMs)).toList();
            assertThat(ordered.subList(ordered.size() - 10, ordered.size())).as("the last answers, node back").allMatch(a -> a.status() == 200);
            assertThat(Http.get(base, "/health").status()).isEqualTo(200);
        } finally {
            loading.set(false);
            if (facade != null) {
                facade.close();
            }
            if (second != null) {
                second.close();
            }
            first.close();
        }
    }
}
