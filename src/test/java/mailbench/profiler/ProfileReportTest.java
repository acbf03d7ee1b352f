package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.profiler.ProfileReport.GroupShare;

class ProfileReportTest {

    private static final Instant STARTED = Instant.parse("2025-01-01T10:00:00Z");
    private static final Instant STOPPED = Instant.parse("2025-01-01T10:00:50Z");

    /** 3 + 1 event-loop samples, 2 server, 1 GC, 1 JIT, 1 other: shares that do not divide evenly. */
    private static final List<String> MIXED = List.of(
        "[httpclient-dispatch-1 tid=1];loop;parse_[j] 3",
        "[I/O dispatcher 2 tid=2];loop;encode_[j] 1",
        "[vert.x-eventloop-thread-0 tid=3];serve;parse_[j] 2",
        "[GC Thread#0 tid=4];gcWork 1",
        "[C2 CompilerThread0 tid=5];compile 1",
        "[main tid=6];idle 1");

    private static ProfileReport report(List<String> lines) {
        return ProfileReport.of(new CaptureSettings("itimer", 10), 4242, STARTED, STOPPED, null, CollapsedStacks.parse(lines),
            List.of("profile.json"));
    }

    @Test
    void shouldSayHowMuchOfTheJvmsCpuTimeTheSamplesCover() {
        // 9 samples x 10 ms = 90 ms sampled of the 400 ms the OS counted
        ProfileReport itimer = ProfileReport.of(new CaptureSettings("itimer", 10), 1, STARTED, STOPPED, 400L,
            CollapsedStacks.parse(MIXED), List.of());
        assertThat(itimer.targetCpuMs()).isEqualTo(400L);
        assertThat(itimer.sampledCpuPercent()).isEqualTo(22.5);

        assertThat(report(MIXED).sampledCpuPercent()).as("the OS did not say").isNull();
        assertThat(ProfileReport.of(new CaptureSettings("wall", 10), 1, STARTED, STOPPED, 400L, CollapsedStacks.parse(MIXED),
            List.of()).sampledCpuPercent()).as("wall samples are not CPU time").isNull();
    }

    @Test
    void shouldKeepTheCaptureDetails() {
        ProfileReport report = report(MIXED);

        assertThat(report.event()).isEqualTo("itimer");
        assertThat(report.intervalMs()).isEqualTo(10);
        assertThat(report.pid()).isEqualTo(4242);
        assertThat(report.startedAt()).isEqualTo(STARTED);
        assertThat(report.stoppedAt()).isEqualTo(STOPPED);
        assertThat(report.samples()).isEqualTo(9);
        assertThat(report.files()).containsExactly("profile.json");
    }

    @Test
    void shouldSplitTheSamplesIntoEveryThreadGroup() {
        ProfileReport report = report(MIXED);

        assertThat(report.threadGroups()).containsOnlyKeys("clientEventLoop", "facadeServer", "gc", "jit", "other");
        assertThat(report.threadGroups()).extractingFromEntries(entry -> entry.getValue().samples())
            .containsExactly(4L, 2L, 1L, 1L, 1L);
        assertThat(report.threadGroups().get("clientEventLoop"))
            .isEqualTo(new GroupShare(4, 44.44, ThreadGroup.CLIENT_EVENT_LOOP.pattern()));
    }

    @Test
    void shouldGiveGroupSharesAddingUpToAHundredPercent() {
        double sum = report(MIXED).threadGroups().values().stream().mapToDouble(GroupShare::percent).sum();

        // each share is rounded to two decimals
        assertThat(sum).isCloseTo(100.0, within(0.05));
    }

    @Test
    void shouldRankTheWholeJvmAndTheClientEventLoop() {
        ProfileReport report = report(MIXED);

        assertThat(report.topFrames()).containsOnlyKeys("wholeJvm", "clientEventLoop");
        assertThat(report.topFrames().get("wholeJvm").samples()).isEqualTo(9);
        assertThat(report.topFrames().get("wholeJvm").self().get(0)).isEqualTo(new TopFrames.Frame("parse", 5, 55.56));
    }

    @Test
    void shouldRankTheClientEventLoopFromItsOwnStacksOnly() {
        TopFrames.Ranking eventLoop = report(MIXED).topFrames().get("clientEventLoop");

        assertThat(eventLoop.samples()).isEqualTo(4);
        // parse also ran 2 samples on the Vert.x thread: they must not count here
        assertThat(eventLoop.self()).containsExactly(new TopFrames.Frame("parse", 3, 75.0), new TopFrames.Frame("encode", 1, 25.0));
        assertThat(eventLoop.total()).extracting(TopFrames.Frame::frame).containsExactly("loop", "parse", "encode");
    }

    @Test
    void shouldGiveZeroSharesForNoSamples() {
        ProfileReport report = report(List.of());

        assertThat(report.samples()).isZero();
        assertThat(report.threadGroups().values()).allSatisfy(share -> assertThat(share).extracting(GroupShare::samples,
            GroupShare::percent).containsExactly(0L, 0.0));
        assertThat(report.topFrames().get("wholeJvm").self()).isEmpty();
    }
}
