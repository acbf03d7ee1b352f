package mailbench.summary;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import mailbench.runfolder.RunSummary;

class RunSummaryTest {

    private static final long T0 = 1_740_787_200_000L;
    private static final String WARM_UP_SEARCH = SimulationLog.WARM_UP_PREFIX + "search";

    @Nested
    class WarmUp {

        @Test
        void buildShouldCountWarmUpRequestsApartFromTheMeasuredOnes() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept(WARM_UP_SEARCH, T0, T0 + 500, true, null);
            builder.accept(WARM_UP_SEARCH, T0 + 1, T0 + 900, false, "timeout");
            builder.accept(SimulationLog.WARM_UP_PREFIX + "get", T0 + 2, T0 + 700, true, null);
            builder.accept("search", T0 + 10_000, T0 + 10_005, true, null);
            builder.accept("search", T0 + 11_000, T0 + 11_007, true, null);

            RunSummary summary = builder.build(true);

            assertThat(summary.warmUp()).isEqualTo(new RunSummary.WarmUp(3, 1));
            assertThat(summary.measured().requests()).isEqualTo(2);
            assertThat(summary.measured().ko()).isZero();
            assertThat(summary.measured().maxMs()).isEqualTo(7);
            assertThat(summary.requests()).extracting(RunSummary.NamedStats::name).containsExactly("search");
            assertThat(summary.window()).isEqualTo(new RunSummary.Window(T0 + 10_000, T0 + 11_000));
        }

        @Test
        void buildShouldReportOnlyWarmUpAsNoMeasuredTraffic() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept(WARM_UP_SEARCH, T0, T0 + 5, false, "503");

            RunSummary summary = builder.build(false);

            assertThat(summary.measured()).isEqualTo(new RunSummary.Stats(0, 0, 0, 0, 0, 0, 0, 0));
            assertThat(summary.requests()).isEmpty();
            assertThat(summary.window()).isNull();
            assertThat(summary.warmUp()).isEqualTo(new RunSummary.WarmUp(1, 1));
        }

        @Test
        void buildShouldMeasureANameThatOnlyContainsTheWarmUpWords() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("search (Warm-up: no)", T0, T0 + 5, true, null);
            builder.accept("Warm-up:search", T0 + 1, T0 + 5, true, null);

            RunSummary summary = builder.build(true);

            assertThat(summary.measured().requests()).isEqualTo(2);
            assertThat(summary.warmUp().requests()).isZero();
        }
    }

    @Nested
    class Throughput {

        @Test
        void buildShouldDivideTheMeasuredCountByTheWindowBetweenFirstAndLastStart() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            for (int i = 0; i <= 1_000; i++) {
                builder.accept("search", T0 + i, T0 + i + 5, true, null);
            }

            RunSummary summary = builder.build(true);

            // 1,001 requests sent 1 ms apart: a steady 1,000 req/s (1,000 gaps between first and last start)
            assertThat(summary.window()).isEqualTo(new RunSummary.Window(T0, T0 + 1_000));
            assertThat(summary.measured().requests()).isEqualTo(1_001);
            assertThat(summary.measured().rps()).isEqualTo(1_000.0);
        }

        @Test
        void buildShouldIgnoreWarmUpWhenComputingTheWindow() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept(WARM_UP_SEARCH, T0 - 30_000, T0 - 29_000, true, null);
            for (int i = 0; i < 10; i++) {
                builder.accept("search", T0 + i * 250L, T0 + i * 250L + 3, true, null);
            }

            RunSummary summary = builder.build(true);

            // 10 requests sent 250 ms apart: 4 req/s
            assertThat(summary.window()).isEqualTo(new RunSummary.Window(T0, T0 + 2_250));
            assertThat(summary.measured().rps()).isEqualTo(4.0);
        }

        @Test
        void buildShouldDivideEachNameByTheSameMeasuredWindow() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("get", T0, T0 + 1, true, null);
            builder.accept("get", T0 + 10, T0 + 11, true, null);
            builder.accept("search", T0 + 2_000, T0 + 2_005, true, null);

            RunSummary summary = builder.build(true);

            // 3 requests over 2,000 ms (2 gaps): a 3,000 ms window shared by every name
            assertThat(summary.measured().rps()).isEqualTo(1.0);
            assertThat(summary.requests()).extracting(RunSummary.NamedStats::rps).containsExactly(0.67, 0.33);
        }

        @Test
        void buildShouldUseStartTimesNotArrivalOrderForTheWindow() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("search", T0 + 500, T0 + 510, true, null);
            builder.accept("search", T0, T0 + 4_000, true, null);
            builder.accept("search", T0 + 1_000, T0 + 1_001, true, null);

            RunSummary summary = builder.build(true);

            assertThat(summary.window()).isEqualTo(new RunSummary.Window(T0, T0 + 1_000));
            assertThat(summary.measured().rps()).isEqualTo(2.0);
        }

        @Test
        void buildShouldReportZeroRpsForASingleRequest() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("get", T0, T0 + 12, true, null);

            RunSummary summary = builder.build(true);

            assertThat(summary.measured().requests()).isEqualTo(1);
            assertThat(summary.measured().rps()).isZero();
            assertThat(summary.window()).isEqualTo(new RunSummary.Window(T0, T0));
        }
    }

    @Nested
    class Latencies {

        @Test
        void buildShouldComputePercentilesFromKnownLatencies() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            // latencies 100, 99, ..., 1 ms, in descending order so arrival order cannot be mistaken for rank
            for (int latency = 100; latency >= 1; latency--) {
                builder.accept("search", T0 + latency, T0 + 2 * latency, true, null);
            }

            RunSummary.Stats stats = builder.build(true).measured();

            assertThat(stats.requests()).isEqualTo(100);
            assertThat(stats.p50Ms()).isEqualTo(50);
            assertThat(stats.p95Ms()).isEqualTo(95);
            assertThat(stats.p99Ms()).isEqualTo(99);
            assertThat(stats.maxMs()).isEqualTo(100);
            assertThat(stats.meanMs()).isEqualTo(50.5);
        }

        @Test
        void buildShouldGiveEachNameItsOwnPercentiles() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            for (int i = 0; i < 10; i++) {
                builder.accept("get", T0 + i, T0 + i + 2, true, null);
                builder.accept("search", T0 + i, T0 + i + 40, true, null);
            }

            RunSummary summary = builder.build(true);

            assertThat(summary.requests()).extracting(RunSummary.NamedStats::name, RunSummary.NamedStats::p99Ms,
                    RunSummary.NamedStats::maxMs)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("get", 2L, 2L),
                    org.assertj.core.groups.Tuple.tuple("search", 40L, 40L));
            assertThat(summary.measured().p50Ms()).isEqualTo(2);
            assertThat(summary.measured().maxMs()).isEqualTo(40);
            assertThat(summary.measured().meanMs()).isEqualTo(21.0);
        }

        @Test
        void buildShouldClampANegativeLatencyToZero() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("get", T0 + 10, T0, true, null);

            assertThat(builder.build(true).measured().maxMs()).isZero();
        }

        @Test
        void buildShouldClampLatenciesAboveAnHour() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("get", T0, T0 + 5 * 3_600_000L, false, "stuck");

            // HdrHistogram with 3 significant digits reports the top of the bucket holding one hour
            assertThat(builder.build(true).measured().maxMs()).isBetween(3_600_000L, 3_601_000L);
        }
    }

    @Nested
    class Failures {

        @Test
        void buildShouldCountKoPerNameAndOverall() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("get", T0, T0 + 1, true, null);
            builder.accept("get", T0 + 1, T0 + 2, false, "status.find.in(200), but actually found 503");
            builder.accept("search", T0 + 2, T0 + 3, false, "timeout");
            builder.accept("search", T0 + 3, T0 + 4, false, "timeout");
            builder.accept("search", T0 + 4, T0 + 5, true, null);

            RunSummary summary = builder.build(true);

            assertThat(summary.measured().requests()).isEqualTo(5);
            assertThat(summary.measured().ko()).isEqualTo(3);
            assertThat(summary.requests()).extracting(RunSummary.NamedStats::name, RunSummary.NamedStats::requests,
                    RunSummary.NamedStats::ko)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("get", 2L, 1L),
                    org.assertj.core.groups.Tuple.tuple("search", 3L, 2L));
        }
    }

    @Nested
    class Shape {

        @Test
        void buildShouldGiveZerosAndNoWindowForNoRecords() {
            RunSummary summary = new RunSummaryBuilder().build(false);

            assertThat(summary.measured()).isEqualTo(new RunSummary.Stats(0, 0, 0, 0, 0, 0, 0, 0));
            assertThat(summary.requests()).isEmpty();
            assertThat(summary.warmUp()).isEqualTo(new RunSummary.WarmUp(0, 0));
            assertThat(summary.window()).isNull();
            assertThat(summary.complete()).isFalse();
        }

        @Test
        void buildShouldPassTheCompleteFlagThrough() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            builder.accept("get", T0, T0 + 1, true, null);

            assertThat(builder.build(true).complete()).isTrue();
            assertThat(builder.build(false).complete()).isFalse();
        }

        @Test
        void buildShouldSortTheRequestsByName() {
            RunSummaryBuilder builder = new RunSummaryBuilder();
            for (String name : new String[] {"text search", "by sender", "get message", "date range", "by sender"}) {
                builder.accept(name, T0, T0 + 1, true, null);
            }

            RunSummary summary = builder.build(true);

            assertThat(summary.requests()).extracting(RunSummary.NamedStats::name)
                .containsExactly("by sender", "date range", "get message", "text search");
            assertThat(summary.requests().get(0).requests()).isEqualTo(2);
        }
    }
}
