package mailbench.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import mailbench.runfolder.CpuSection;
import mailbench.runfolder.ErrorWindow;
import mailbench.runfolder.RunSummary;

class ErrorWindowsTest {

    private static final long T0 = 1_740_787_200_000L;
    private static final String FOUND_503 = "status.find.in(200,201,202,203,204,205,206,207,208,209,304), but actually found 503";
    private static final String TIMEOUT = "Request timeout to 127.0.0.1/127.0.0.1:8080 after 10000 ms";

    /** {@code perSecond} requests in each second from {@code fromSecond} to {@code toSecond} (inclusive), evenly spread. */
    private static void load(RunSummaryBuilder builder, String name, int fromSecond, int toSecond, int perSecond, boolean ok, String error) {
        for (int second = fromSecond; second <= toSecond; second++) {
            for (int i = 0; i < perSecond; i++) {
                long start = T0 + second * 1_000L + i * (1_000L / perSecond);
                builder.accept(name, start, start + 5, ok, error);
            }
        }
    }

    @Nested
    class Windows {

        @Test
        void buildShouldListNoWindowWhenNothingFailed() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, SimulationLog.WARM_UP_PREFIX + "search", 0, 4, 10, true, null);
            load(builder, "search", 5, 9, 10, true, null);

            assertThat(builder.build(true).errors()).isEmpty();
            assertThat(new RunSummaryBuilder().build(false).errors()).as("no records at all").isEmpty();
        }

        @Test
        void buildShouldGiveOneWindowForAnOutageWithTimesSinceTheFirstRequest() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, "search", 0, 9, 10, true, null);
            load(builder, "search", 10, 14, 10, false, FOUND_503);
            load(builder, "search", 15, 29, 10, true, null);

            List<ErrorWindow> errors = builder.build(true).errors();

            assertThat(errors).hasSize(1);
            ErrorWindow window = errors.get(0);
            assertThat(window.startMillis()).isEqualTo(T0 + 10_000);
            assertThat(window.endMillis()).as("start of the last KO request").isEqualTo(T0 + 14_900);
            assertThat(window.startSecondsIntoRun()).isEqualTo(10.0);
            assertThat(window.endSecondsIntoRun()).isEqualTo(14.9);
            assertThat(window.requests()).isEqualTo(50);
            assertThat(window.ko()).isEqualTo(50);
            assertThat(window.phase()).isEqualTo(ErrorWindow.MEASURED);
            assertThat(window.messages()).containsExactly(new ErrorWindow.Message(FOUND_503, 50));
        }

        @Test
        void buildShouldCountTheOkRequestsOfTheWindowsSecondsToo() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, "search", 0, 9, 10, true, null);
            load(builder, "get", 3, 4, 2, false, FOUND_503);

            ErrorWindow window = builder.build(true).errors().get(0);

            assertThat(window.requests()).as("20 OK searches and 4 KO gets in seconds 3 and 4").isEqualTo(24);
            assertThat(window.ko()).isEqualTo(4);
        }
    }

    @Nested
    class MergeRule {

        @Test
        void buildShouldJoinKoStretchesSeparatedByAtMostTwoSecondsWithoutKo() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, "search", 0, 30, 10, true, null);
            load(builder, "get", 5, 5, 1, false, FOUND_503);
            load(builder, "get", 8, 8, 1, false, FOUND_503); // seconds 6 and 7 without KO: joined

            List<ErrorWindow> errors = builder.build(true).errors();

            assertThat(errors).extracting(ErrorWindow::startMillis, ErrorWindow::endMillis, ErrorWindow::ko,
                ErrorWindow::requests).containsExactly(tuple(T0 + 5_000, T0 + 8_000, 2L, 42L));
        }

        @Test
        void buildShouldSplitKoStretchesSeparatedByThreeSecondsWithoutKo() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, "search", 0, 30, 10, true, null);
            load(builder, "get", 5, 5, 1, false, FOUND_503);
            load(builder, "get", 9, 10, 1, false, TIMEOUT); // seconds 6, 7 and 8 without KO: a second window
            load(builder, "get", 20, 20, 1, false, TIMEOUT);

            List<ErrorWindow> errors = builder.build(true).errors();

            assertThat(errors).extracting(ErrorWindow::startSecondsIntoRun, ErrorWindow::endSecondsIntoRun,
                    ErrorWindow::ko)
                .containsExactly(tuple(5.0, 5.0, 1L), tuple(9.0, 10.0, 2L), tuple(20.0, 20.0, 1L));
            assertThat(errors.get(1).messages()).containsExactly(new ErrorWindow.Message(TIMEOUT, 2));
        }

        @Test
        void buildShouldNotDependOnTheOrderRecordsArrive() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("get", T0 + 8_400, T0 + 8_401, false, FOUND_503);
            builder.accept("get", T0, T0 + 1, true, null);
            builder.accept("get", T0 + 5_200, T0 + 5_201, false, FOUND_503);

            assertThat(builder.build(true).errors()).extracting(ErrorWindow::startMillis, ErrorWindow::endMillis)
                .containsExactly(tuple(T0 + 5_200, T0 + 8_400));
        }
    }

    @Nested
    class Phases {

        @Test
        void buildShouldCountWarmUpFaultsAndMarkEachWindowsPhase() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            String warmUp = SimulationLog.WARM_UP_PREFIX + "search";
            load(builder, warmUp, 0, 9, 10, true, null);
            load(builder, warmUp, 2, 3, 1, false, FOUND_503);
            load(builder, warmUp, 9, 9, 1, false, TIMEOUT);
            load(builder, "search", 10, 30, 10, true, null);
            load(builder, "search", 10, 10, 1, false, TIMEOUT);
            load(builder, "search", 20, 21, 1, false, FOUND_503);

            RunSummary summary = builder.build(true);

            assertThat(summary.errors()).extracting(ErrorWindow::startSecondsIntoRun, ErrorWindow::phase)
                .containsExactly(tuple(2.0, ErrorWindow.WARM_UP), tuple(9.0, ErrorWindow.BOTH), tuple(20.0, ErrorWindow.MEASURED));
            assertThat(summary.warmUp().ko()).as("the totals are unchanged").isEqualTo(3);
            assertThat(summary.measured().ko()).isEqualTo(3);
        }
    }

    @Nested
    class Messages {

        @Test
        void buildShouldKeepTheMostFrequentMessagesFirstCappedToThree() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, "get", 1, 1, 50, false, FOUND_503);
            load(builder, "get", 2, 2, 20, false, TIMEOUT);
            load(builder, "get", 2, 2, 5, false, "Connection refused");
            load(builder, "get", 2, 2, 2, false, "Premature close");
            load(builder, "get", 2, 2, 1, false, null);

            ErrorWindow window = builder.build(true).errors().get(0);

            assertThat(window.ko()).isEqualTo(78);
            assertThat(window.messages()).containsExactly(new ErrorWindow.Message(FOUND_503, 50), new ErrorWindow.Message(TIMEOUT, 20),
                new ErrorWindow.Message("Connection refused", 5));
        }

        @Test
        void buildShouldCountManyDistinctMessagesOfOneSecondAsOtherMessages() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            for (int i = 0; i < 100; i++) {
                builder.accept("get", T0 + i, T0 + i + 1, false, "message " + i);
            }

            ErrorWindow window = builder.build(true).errors().get(0);

            assertThat(window.ko()).isEqualTo(100);
            assertThat(window.messages().get(0)).isEqualTo(new ErrorWindow.Message(ErrorWindows.OTHER_MESSAGES,
                100 - ErrorWindows.MESSAGES_PER_SECOND));
        }

        @Test
        void theConsoleShouldShowOneLinePerWindowOrNone() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, "search", 0, 9, 10, true, null);
            assertThat(SummaryTable.format(builder.build(true))).contains("errors: none");

            load(builder, "search", 3, 4, 2, false, FOUND_503);
            load(builder, "search", 7, 7, 1, false, TIMEOUT);
            String table = SummaryTable.format(builder.build(true));

            assertThat(table).contains("3.0-7.0 s into the run, measured): 5 of 55 requests KO; " + FOUND_503 + " x 4, " + TIMEOUT + " x 1")
                .doesNotContain("errors: none");
        }

        @Test
        void theConsoleShouldSayWhatACpuQuotaLeftBesideTheMachinesIdle() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            load(builder, "search", 0, 9, 10, true, null);
            CpuSection machine = new CpuSection(10, 2, Map.of("facade", 0.2), 0.45, 0.0, 1.55, 0.25, 0.1);
            String table = SummaryTable.format(builder.build(true).withCpu(machine.withQuota(0.45, 0.44, 0.7)));

            assertThat(table).contains("idle 1.55 | CPU quota 0.45 cores: left idle 0.01, throttled in 70% of its periods");
            assertThat(SummaryTable.format(builder.build(true).withCpu(machine))).doesNotContain("CPU quota");
        }
    }
}
