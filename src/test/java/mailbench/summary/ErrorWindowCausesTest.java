package mailbench.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.meters.JvmPauses;
import mailbench.runfolder.CpuSection;
import mailbench.runfolder.ErrorWindow;

class ErrorWindowCausesTest {

    private static final String FOUND_503 = "status.find.in(200,201,202,203,204,205,206,207,208,209,304), but actually found 503";
    private static final long T = Instant.parse("2026-11-23T16:19:03.000Z").toEpochMilli();

    /** A safepoint line as JDK 17 writes it with -Xlog:safepoint and utctime,uptime,level,tags. */
    private static String safepoint(String utc, String operation, long totalNs) {
        return "[" + utc + "][300.123s][info][safepoint   ] Safepoint \"" + operation + "\", Time since last: 1351377184 ns,"
            + " Reaching safepoint: 4448 ns, Cleanup: 143660 ns, At safepoint: 10921212 ns, Total: " + totalNs + " ns";
    }

    @Test
    void pausesShouldBeReadFromASafepointLogAndSummedOverAnInterval() {
        JvmPauses pauses = JvmPauses.parse(List.of(
            "[2026-11-23T16:19:02.000+0000][299.0s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 300M->100M(1024M) 12.345ms",
            safepoint("2026-11-23T16:19:02.500+0000", "G1CollectForAllocation", 12_000_000),
            safepoint("2026-11-23T16:19:03.100+0000", "G1CollectFull", 480_000_000),
            safepoint("2026-11-23T16:25:00.000+0000", "Cleanup", 1_000_000)));

        assertThat(pauses.pauses()).hasSize(3);
        assertThat(pauses.stoppedMs(T - 1_000, T + 1_000)).isEqualTo(492.0);
        assertThat(pauses.longest(T - 1_000, T + 1_000).operation()).isEqualTo("G1CollectFull");
        assertThat(JvmPauses.read(null).pauses()).as("a run on a target has no log").isEmpty();
    }

    @Test
    void aWindowBesideALongNodePauseShouldBeNamedByIt() {
        JvmPauses node = JvmPauses.parse(List.of(safepoint("2026-11-23T16:19:03.100+0000", "G1CollectFull", 480_000_000)));
        ErrorWindow.Cause cause = ErrorWindowCauses.cause(List.of(new ErrorWindow.Message(FOUND_503, 222)), null,
            Map.of("opensearch", node, "facade", JvmPauses.parse(List.of())), T - 2_000, T + 2_000);

        assertThat(cause.kind()).isEqualTo("shed-or-unavailable");
        assertThat(cause.stall()).isEqualTo("jvm-pause");
        assertThat(cause.text()).contains("opensearch stood still 480 ms", "G1CollectFull", "facadeRefused");
        assertThat(cause.jvmStoppedMs()).containsEntry("opensearch", 480.0).containsEntry("facade", 0.0);
    }

    @Test
    void shortPausesThatOnlyAddUpShouldNotBeCalledTheStallAndBusyThreadsShouldBeNamed() {
        // the 2026-11-23 19:59 window: 111 ms in safepoints over 4 s, none longer than 51 ms, no idle CPU
        JvmPauses node = JvmPauses.parse(List.of(safepoint("2026-11-23T16:19:02.100+0000", "G1CollectForAllocation", 44_000_000),
            safepoint("2026-11-23T16:19:03.100+0000", "G1CollectForAllocation", 51_000_000),
            safepoint("2026-11-23T16:19:04.100+0000", "Cleanup", 16_000_000)));
        CpuSection starved = new CpuSection(4, 2, Map.of("opensearch", 0.83, "facade", 0.6, "gatling", 0.47), 1.96, 0.04, 0.0,
            0.07);
        List<ErrorWindow.BusyThread> busy = List.of(new ErrorWindow.BusyThread("opensearch", "C2 CompilerThread0", 0.62, 0.03));

        ErrorWindow.Cause cause = ErrorWindowCauses.cause(List.of(new ErrorWindow.Message(FOUND_503, 300)), starved, busy,
            Map.of("opensearch", node), T - 2_000, T + 2_000);

        assertThat(cause.stall()).isEqualTo("cpu-starved");
        assertThat(cause.jvmStoppedMs()).containsEntry("opensearch", 111.0);
        assertThat(cause.text()).endsWith("; threads above their usual: opensearch 'C2 CompilerThread0' 0.62 cores (usually 0.03)");
        assertThat(cause.busiestThreads()).isEqualTo(busy);
    }

    @Test
    void aWindowWithoutPauseOnAStarvedMachineShouldSaySo() {
        CpuSection starved = new CpuSection(4, 2, Map.of("opensearch", 0.9, "facade", 0.5, "gatling", 0.08), 1.98, 0.0, 0.02, 0.5);
        ErrorWindow.Cause cause = ErrorWindowCauses.cause(
            List.of(new ErrorWindow.Message("Request timeout to 127.0.0.1/127.0.0.1:8080 after 10000 ms", 40)), starved, Map.of(),
            T - 2_000, T + 2_000);

        assertThat(cause.kind()).isEqualTo("timeout");
        assertThat(cause.stall()).isEqualTo("cpu-starved");
        assertThat(cause.text()).contains("idle 0.02 of 2 cores; opensearch 0.90, facade 0.50, other processes 0.50, gatling 0.08 cores");
        assertThat(cause.processCores()).containsEntry("opensearch", 0.9);
        assertThat(cause.otherProcessCores()).isEqualTo(0.5);
    }

    @Test
    void aWindowUnderAUsedUpCpuQuotaShouldSaySoThoughTheMachineLooksIdle() {
        CpuSection machine = new CpuSection(4, 2, Map.of("opensearch", 0.2, "facade", 0.25), 0.47, 0.0, 1.53, 0.02, 0.2);
        ErrorWindow.Cause cause = ErrorWindowCauses.cause(List.of(new ErrorWindow.Message("found 503", 30)),
            machine.withQuota(0.45, 0.45, 0.9), Map.of(), T - 2_000, T + 2_000);

        assertThat(cause.stall()).isEqualTo("cpu-starved");
        assertThat(cause.text()).contains("the CPU quota was used up (idle 0.00 of its 0.45 cores, throttled in 90% of its periods; ");
        assertThat(ErrorWindowCauses.cause(List.of(new ErrorWindow.Message("found 503", 30)), machine, Map.of(), T - 2_000, T + 2_000)
            .stall()).isEqualTo("none-seen");
    }

    @Test
    void aWindowWithNothingSeenShouldPointAtTheNodeSnapshots() {
        CpuSection quiet = new CpuSection(4, 2, Map.of(), 1.48, 0.0, 0.52, 0.1);
        ErrorWindow.Cause cause = ErrorWindowCauses.cause(List.of(new ErrorWindow.Message("found 502", 3)), quiet, Map.of(),
            T - 2_000, T + 2_000);

        assertThat(cause.kind()).isEqualTo("backend-error");
        assertThat(cause.stall()).isEqualTo("none-seen");
        assertThat(cause.text()).contains("node-stats");
    }

    @Test
    void annotateShouldKeepEveryWindowAndGiveEachACause() {
        ErrorWindow window = new ErrorWindow(T, T + 200, 270.0, 270.2, ErrorWindow.MEASURED, 400, 222,
            List.of(new ErrorWindow.Message(FOUND_503, 222)));

        List<ErrorWindow> annotated = ErrorWindowCauses.annotate(List.of(window), null, Map.of());

        assertThat(annotated).singleElement().satisfies(w -> {
            assertThat(w.ko()).isEqualTo(222);
            assertThat(w.cause().stall()).isEqualTo("none-seen");
        });
        assertThat(ErrorWindowCauses.annotate(null, null, Map.of())).as("a merged run has no windows").isNull();
    }
}
