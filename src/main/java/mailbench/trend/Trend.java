package mailbench.trend;

import java.util.List;
import java.util.Map;

import mailbench.changepoint.ChangePoint;
import mailbench.changepoint.ChangePoints;
import mailbench.compare.Metric;

/**
 * The nightly history as the trend page draws it: one entry per night, oldest first, and the metrics charted over
 * them. A metric's values are per run; {@code band} is the spread (lowest to highest run) of the baseline the night was
 * judged against, when the history still holds the night that made that baseline. {@code changePoints}: where a
 * metric's nightly medians moved to another level and stayed, found with {@code changeSearch}.
 */
public record Trend(String history, List<MetricInfo> metrics, List<Night> nights, List<Change> changePoints,
                    ChangePoints.Settings changeSearch) {

    /** A charted metric: its key in the history's run entries, its axis label, and whether higher is better. */
    public record MetricInfo(String key, String label, boolean higherIsBetter) {
    }

    /**
     * One night file. {@code regressed}: the metric keys whose verdict was REGRESSION that night; {@code canary}: the night
     * ran tonight's commit on both sides, no side with a property of its own, so any change it found was noise.
     */
    public record Night(String night, String file, String verdict, String baseline, boolean canary, boolean regression,
                        List<String> regressed, Map<String, List<Double>> runs, Map<String, Double> median, Map<String, Band> band,
                        Map<String, Double> baseMedian) {
    }

    /**
     * A change point of one metric: {@code night} is the first night at the new level ({@code point}'s index counts the
     * nights that have the metric).
     */
    public record Change(String metric, String night, ChangePoint point) {
    }

    /** The lowest and highest value of the baseline's runs. */
    public record Band(double low, double high) {
    }

    /**
     * What the page can chart: throughput, p99, the facade's CPU per request as the OS counted it and as the profile
     * sampled it, and its heap bytes per request. A history charts those its runs recorded (nights written before a
     * metric existed have none of it).
     */
    public static final List<MetricInfo> METRICS = List.of(of(Metric.THROUGHPUT_RPS), of(Metric.P99_MS),
        of(Metric.REQUEST_PATH_CPU_MS_PER_REQUEST), of(Metric.PROCESS_CPU_MS_PER_REQUEST), of(Metric.CPU_MS_PER_REQUEST), of(Metric.ALLOCATED_BYTES_PER_REQUEST));

    private static MetricInfo of(Metric metric) {
        return new MetricInfo(metric.key(), metric.label(), !metric.higherIsWorse());
    }

    public long canaries() {
        return nights.stream().filter(Night::canary).count();
    }

    public long regressions() {
        return nights.stream().filter(Night::regression).count();
    }
}
