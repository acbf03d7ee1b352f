package mailbench.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ThreadGroup;
import mailbench.profiler.TopFrames;

/**
 * Base runs against current runs. The rule, for each {@link Metric}: the current median is worse
 * than the base median by more than the threshold AND, with at least 3 runs a side, a one-sided
 * Mann-Whitney U test says current is worse with p at most alpha. With fewer runs the threshold
 * alone decides and the verdict says the spread could not be tested. Any regression makes the
 * whole comparison a regression.
 */
public final class Comparer {

    static final int TOP_FRAMES = 15;

    private Comparer() {
    }

    public static Comparison compare(List<RunResult> base, List<RunResult> current, Thresholds thresholds) {
        List<MetricVerdict> verdicts = new ArrayList<>();
        for (Metric metric : Metric.values()) {
            verdicts.add(verdict(metric, values(metric, base), values(metric, current), thresholds));
        }
        boolean regression = verdicts.stream().anyMatch(v -> v.outcome() == MetricVerdict.Outcome.REGRESSION);
        return new Comparison(regression ? Comparison.REGRESSION : Comparison.NO_REGRESSION, thresholds,
            base.stream().map(RunResult::name).toList(), current.stream().map(RunResult::name).toList(),
            base.get(0).variant(), current.get(0).variant(), verdicts, requests(base, current), groups(base), groups(current),
            frameChanges(base, current, ThreadGroup.CLIENT_EVENT_LOOP), frameChanges(base, current, null));
    }

    static MetricVerdict verdict(Metric metric, List<Double> base, List<Double> current, Thresholds thresholds) {
        double allowed = metric.allowed(thresholds);
        if (base.isEmpty() || current.isEmpty()) {
            return new MetricVerdict(metric.key(), metric.label(), base, current, null, null, null, allowed, null,
                MetricVerdict.Outcome.NOT_COMPARED, "not in every run (" + base.size() + " base, " + current.size() + " current values)");
        }
        double baseMedian = median(base);
        double currentMedian = median(current);
        double change = metric.absolute() ? currentMedian - baseMedian
            : baseMedian == 0 ? (currentMedian == 0 ? 0 : Double.POSITIVE_INFINITY) * Math.signum(currentMedian)
            : 100.0 * (currentMedian - baseMedian) / baseMedian;
        double worseBy = metric.higherIsWorse() ? change : -change;
        Double p = null;
        String note;
        boolean significantWorse = true;
        boolean significantBetter = true;
        if (base.size() >= Thresholds.MIN_RUNS_FOR_TEST && current.size() >= Thresholds.MIN_RUNS_FOR_TEST) {
            AlternativeHypothesis worse = metric.higherIsWorse() ? AlternativeHypothesis.GREATER_THAN : AlternativeHypothesis.LESS_THAN;
            AlternativeHypothesis better = metric.higherIsWorse() ? AlternativeHypothesis.LESS_THAN : AlternativeHypothesis.GREATER_THAN;
            double pWorse = MannWhitneyUTest.withDefaults().with(worse).test(array(current), array(base)).getPValue();
            double pBetter = MannWhitneyUTest.withDefaults().with(better).test(array(current), array(base)).getPValue();
            p = worseBy > 0 ? pWorse : pBetter;
            significantWorse = pWorse <= thresholds.alpha();
            significantBetter = pBetter <= thresholds.alpha();
            note = "Mann-Whitney U, one-sided p = " + round(p);
        } else {
            note = "fewer than " + Thresholds.MIN_RUNS_FOR_TEST + " runs a side: the threshold alone decides, the spread is not tested";
        }
        MetricVerdict.Outcome outcome = worseBy > allowed && significantWorse ? MetricVerdict.Outcome.REGRESSION
            : -worseBy > allowed && significantBetter ? MetricVerdict.Outcome.IMPROVEMENT
            : MetricVerdict.Outcome.NO_CHANGE;
        return new MetricVerdict(metric.key(), metric.label(), base, current, round(baseMedian), round(currentMedian),
            Double.isFinite(worseBy) ? round(worseBy) : worseBy, allowed, p == null ? null : round(p), outcome, note);
    }

    private static List<Double> values(Metric metric, List<RunResult> runs) {
        List<Double> values = runs.stream().map(metric::of).toList();
        // a metric missing in one run (no profile) is not compared at all: half a series would mislead
        return values.contains(null) ? List.of() : values;
    }

    /** Per request name: the median p50/p95/p99, throughput and KO % of each side. */
    private static Map<String, Map<String, Map<String, Double>>> requests(List<RunResult> base, List<RunResult> current) {
        Set<String> names = new LinkedHashSet<>();
        base.forEach(run -> names.addAll(run.requests().keySet()));
        current.forEach(run -> names.addAll(run.requests().keySet()));
        Map<String, Map<String, Map<String, Double>>> requests = new LinkedHashMap<>();
        for (String name : names) {
            requests.put(name, Map.of("base", requestMedians(base, name), "current", requestMedians(current, name)));
        }
        return requests;
    }

    private static Map<String, Double> requestMedians(List<RunResult> runs, String name) {
        List<RunResult.Stats> stats = runs.stream().map(run -> run.requests().get(name)).filter(Objects::nonNull).toList();
        Map<String, Double> medians = new LinkedHashMap<>();
        if (!stats.isEmpty()) {
            medians.put("p50Ms", round(median(stats.stream().map(RunResult.Stats::p50Ms).toList())));
            medians.put("p95Ms", round(median(stats.stream().map(RunResult.Stats::p95Ms).toList())));
            medians.put("p99Ms", round(median(stats.stream().map(RunResult.Stats::p99Ms).toList())));
            medians.put("rps", round(median(stats.stream().map(RunResult.Stats::rps).toList())));
            medians.put("koPercent", round(median(stats.stream().map(RunResult.Stats::koPercent).toList())));
        }
        return medians;
    }

    /** The mean share of each thread group over the side's profiled runs. */
    private static Map<String, Double> groups(List<RunResult> runs) {
        Map<String, Double> sums = new LinkedHashMap<>();
        List<RunResult> profiled = runs.stream().filter(run -> !run.threadGroups().isEmpty()).toList();
        profiled.forEach(run -> run.threadGroups().forEach((group, percent) -> sums.merge(group, percent, Double::sum)));
        sums.replaceAll((group, sum) -> round(sum / profiled.size()));
        return sums;
    }

    /**
     * The methods whose share of samples (total: anywhere on the stack) grew and shrank most, in
     * points, over the stacks of one thread group (null: the whole JVM).
     */
    static Comparison.FrameChanges frameChanges(List<RunResult> base, List<RunResult> current, ThreadGroup group) {
        Map<String, Double> before = totalShares(base, group);
        Map<String, Double> after = totalShares(current, group);
        if (before == null || after == null) {
            return new Comparison.FrameChanges(List.of(), List.of());
        }
        Set<String> methods = new HashSet<>(before.keySet());
        methods.addAll(after.keySet());
        List<Comparison.FrameChange> changes = new ArrayList<>();
        for (String method : methods) {
            double from = before.getOrDefault(method, 0.0);
            double to = after.getOrDefault(method, 0.0);
            changes.add(new Comparison.FrameChange(method, round(from), round(to), round(to - from)));
        }
        List<Comparison.FrameChange> grew = changes.stream().filter(c -> c.changePoints() > 0)
            .sorted(Comparator.comparingDouble(Comparison.FrameChange::changePoints).reversed()).limit(TOP_FRAMES).toList();
        List<Comparison.FrameChange> shrank = changes.stream().filter(c -> c.changePoints() < 0)
            .sorted(Comparator.comparingDouble(Comparison.FrameChange::changePoints)).limit(TOP_FRAMES).toList();
        return new Comparison.FrameChanges(grew, shrank);
    }

    /** Percent of a side's samples with the method anywhere on the stack; null when a run of the side has no profile. */
    private static Map<String, Double> totalShares(List<RunResult> runs, ThreadGroup group) {
        Map<String, Long> counts = new HashMap<>();
        long samples = 0;
        for (RunResult run : runs) {
            if (run.stacks() == null) {
                return null;
            }
            CollapsedStacks stacks = group == null ? run.stacks() : run.stacks().inGroup(group);
            samples += stacks.samples();
            TopFrames.totals(stacks, counts);
        }
        Map<String, Double> shares = new HashMap<>();
        long total = samples;
        counts.forEach((method, count) -> shares.put(method, total == 0 ? 0 : 100.0 * count / total));
        return shares;
    }

    private static double median(List<Double> values) {
        return Median.withDefaults().evaluate(array(values));
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static double round(double value) {
        return Math.round(value * 10_000.0) / 10_000.0;
    }
}
