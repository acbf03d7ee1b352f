package mailbench.meters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

class RunQueueWaitsTest {

    private static volatile long sink;

    @Test
    void aSchedstatLineShouldGiveTheNanosOnACpuAndTheNanosWaitingForOne() {
        assertThat(RunQueueWaits.parse("177558261 40922321 633\n")).containsExactly(177_558_261L, 40_922_321L);
    }

    @Test
    void theRequestPathsWaitShareShouldCoverTheSpanFromItsFirstReadingToItsLast() {
        long ms = 1_000_000;
        RunQueueWaits waits = RunQueueWaits.of(List.of(
            new RunQueueWaits.Reading(0, Map.of(1L, new long[] {100 * ms, 10 * ms})),
            new RunQueueWaits.Reading(30_000, Map.of(1L, new long[] {5_000 * ms, 500 * ms})),
            new RunQueueWaits.Reading(60_000, Map.of(1L, new long[] {9_100 * ms, 1_010 * ms}, 2L, new long[] {1_000 * ms, 1_000 * ms}))));

        RunQueueWaits.Wait wait = waits.requestPath(0, 60_000);
        assertThat(wait).isEqualTo(new RunQueueWaits.Wait(10_000, 2_000));
        assertThat(wait.share()).as("2,000 ms waited of 12,000 ms runnable").isEqualTo(0.1667);
        assertThat(waits.requestPath(0, 10)).as("one reading inside").isNull();
        assertThat(new RunQueueWaits.Wait(0, 0).share()).as("never ran").isNull();
    }

    @Test
    void moreBusyRequestPathThreadsThanCoresShouldBeSeenWaiting() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/task")) && Files.exists(Path.of("/proc/thread-self/schedstat")),
            "needs Linux /proc with schedstat");
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> spinners = new ArrayList<>();
        // one more busy event loop than the host has cores: someone always queues
        for (int i = 0; i <= Runtime.getRuntime().availableProcessors(); i++) {
            Thread spinner = new Thread(() -> {
                long x = 1;
                while (!stop.get()) {
                    x = x * 31 + 7;
                }
                sink = x;
            }, "vert.x-eventloop-thread-" + i);
            spinner.start();
            spinners.add(spinner);
        }
        long from = System.currentTimeMillis();
        try (RunQueueWaits waits = RunQueueWaits.start(ProcessHandle.current().pid())) {
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                RunQueueWaits.Wait wait = waits.requestPath(from, System.currentTimeMillis());
                return wait != null && wait.runMillis() > 1_500;
            });
            RunQueueWaits.Wait wait = waits.requestPath(from, System.currentTimeMillis());
            assertThat(wait.waitMillis()).isPositive();
            assertThat(wait.share()).isBetween(0.05, 0.95);
        } finally {
            stop.set(true);
            for (Thread spinner : spinners) {
                spinner.join();
            }
        }
    }
}
