package mailbench.meters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import mailbench.runfolder.FacadeSection;

class ThreadCpuTest {

    private static volatile long sink;

    @Test
    void aTaskStatLineShouldGiveUserPlusSystemTimeWhateverTheNameHolds() {
        String stat = "4242 (C2 Compiler) (x)) S 1 4200 4200 0 -1 4194368 9 0 0 0 250 30 0 0 20 0 60 0 1234 0 0";

        assertThat(ThreadCpu.cpuMillis(stat)).isEqualTo(2_800);
        assertThat(ThreadCpu.shortName(stat)).isEqualTo("C2 Compiler) (x)");
    }

    @Test
    void aThreadDumpShouldNameThreadsByTheirOsId() {
        Map<Long, String> names = JvmThreadNames.parseThreadDump(List.of(
            "\"opensearch[mailbench][search][T#1]\" #61 daemon prio=5 os_prio=0 cpu=8212.34ms elapsed=301.12s tid=0x00007f nid=0x1a2b"
                + " waiting on condition  [0x00007f]",
            "\"C2 CompilerThread0\" #8 daemon prio=9 os_prio=0 cpu=40210.88ms elapsed=310.00s tid=0x00007f nid=4101 waiting on condition",
            "   java.lang.Thread.State: RUNNABLE"));

        assertThat(names).containsEntry(0x1a2bL, "opensearch[mailbench][search][T#1]").containsEntry(4101L, "C2 CompilerThread0")
            .hasSize(2);
    }

    @Test
    void theFacadesCpuShouldBeSplitByThreadGroupFromItsOsNames() {
        ThreadCpu cpu = ThreadCpu.of(Map.of("facade", 7L), List.of(
            new ThreadCpu.Reading(0, Map.of("facade", Map.of(1L, 100L, 2L, 50L, 3L, 0L, 4L, 0L))),
            new ThreadCpu.Reading(60_000, Map.of("facade", Map.of(1L, 9_100L, 2L, 6_050L, 3L, 2_000L, 4L, 300L, 5L, 40L)))),
            Map.of(7L, Map.of(1L, "httpclient-disp", 2L, "vert.x-eventloo", 3L, "C2 CompilerThre", 4L, "GC Thread#0", 5L, "mailbench-timer")));

        assertThat(cpu.groupMillis("facade", 0, 60_000)).containsExactlyInAnyOrderEntriesOf(Map.of("clientEventLoop", 9_000L,
            "facadeServer", 6_000L, "jit", 2_000L, "gc", 300L, "other", 40L));
        assertThat(cpu.groupMillis("facade", 0, 10)).as("one reading inside").isNull();
        assertThat(cpu.groupMillis("node", 0, 60_000)).isNull();

        FacadeSection section = FacadeSection.none("x").withThreadCpu(cpu.groupMillis("facade", 0, 60_000), 30_000);
        assertThat(section.requestPathCpuMsPerRequest()).as("(9,000 + 6,000) ms over 30,000 requests").isEqualTo(0.5);
    }

    @Test
    void theThreadsThatWorkedMostAboveTheirUsualShouldComeFirst() {
        ThreadCpu cpu = ThreadCpu.of(Map.of("opensearch", 1L), List.of(
            new ThreadCpu.Reading(0, Map.of("opensearch", Map.of(10L, 0L, 11L, 0L))),
            new ThreadCpu.Reading(100_000, Map.of("opensearch", Map.of(10L, 40_000L, 11L, 5_000L))),
            // the window: thread 10 keeps its 0.4 cores, thread 11 (usually 0.05) jumps to 0.9, thread 12 is born and does little
            new ThreadCpu.Reading(102_000, Map.of("opensearch", Map.of(10L, 40_800L, 11L, 6_800L, 12L, 50L)))));

        List<ThreadCpu.Busy> busy = cpu.busiest(100_000, 102_000, 0, 100_000, 5, 0.05);

        assertThat(busy).extracting(ThreadCpu.Busy::tid).containsExactly(11L);
        assertThat(busy.get(0).cores()).isEqualTo(0.9);
        assertThat(busy.get(0).usualCores()).isEqualTo(0.05);
        assertThat(busy.get(0).thread()).as("no name known").isEqualTo("tid 11");
    }

    @Test
    void aSpinningThreadOfThisJvmShouldBeFoundAndNamedInFull() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        AtomicBoolean spin = new AtomicBoolean(false);
        Thread spinner = new Thread(() -> {
            long x = 0;
            while (!Thread.currentThread().isInterrupted()) {
                if (spin.get()) {
                    x += System.nanoTime() % 7;
                } else {
                    Thread.onSpinWait();
                    try {
                        Thread.sleep(5); // kept: an idle thread is what the first phase needs
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
            sink = x;
        }, "mailbench-test-spinner-with-a-long-name");
        spinner.setDaemon(true);
        spinner.start();
        long start = System.currentTimeMillis();
        try (ThreadCpu cpu = ThreadCpu.start(Map.of("gatling", ProcessHandle.current().pid()))) {
            // kept, both sleeps: the spans read (two readings a second apart idle, then three spinning) are the case
            Thread.sleep(2_100);
            long spinFrom = System.currentTimeMillis();
            spin.set(true);
            Thread.sleep(3_100);
            long spinTo = System.currentTimeMillis();
            cpu.nameThreads();

            List<ThreadCpu.Busy> busy = cpu.busiest(spinFrom, spinTo + 1_000, start, spinFrom, 3, 0.2);

            assertThat(busy).as("the spinner, named as Java knows it").isNotEmpty();
            assertThat(busy.get(0).thread()).isEqualTo("mailbench-test-spinner-with-a-long-name");
            assertThat(busy.get(0).cores()).isGreaterThan(0.3);
        } finally {
            spinner.interrupt();
        }
    }

    @Test
    void namingThreadsShouldAskJvmsOnlyAndLeaveOtherProcessesRunning() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")) && Files.isExecutable(Path.of("/bin/sh")), "needs Linux /proc");
        // jcmd's attach sends SIGQUIT to a process that handles it, as Go's runtime does: toxiproxy-server dumped its
        // goroutines and exited. This stand-in exits on SIGQUIT the same way.
        Process sleeper = new ProcessBuilder("/bin/sh", "-c", "trap 'exit 3' QUIT; while :; do sleep 1; done").start();
        try (ThreadCpu cpu = ThreadCpu.start(Map.of("gatling", ProcessHandle.current().pid(), "toxiproxy", sleeper.pid()))) {
            assertThat(JvmThreadNames.isJvm(ProcessHandle.current().pid())).isTrue();
            assertThat(JvmThreadNames.isJvm(sleeper.pid())).isFalse();

            cpu.nameThreads();

            assertThat(sleeper.waitFor(2, java.util.concurrent.TimeUnit.SECONDS)).as("the other process is still running").isFalse();
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void theReadingsShouldCountWhatTheyCost() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        try (ThreadCpu cpu = ThreadCpu.start(Map.of("gatling", ProcessHandle.current().pid()))) {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(cpu.cost()).matches("per-thread CPU: [2-9] readings of 1 processes over [1-9] s took \\d+ ms of CPU"
                + " \\(\\d\\.\\d{4} cores, \\d+\\.\\d\\d ms a reading\\)"));
        }
    }
}
