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
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ThreadGroup;
import mailbench.profiler.TopFrames;

/**
 * Base runs against current runs. For each {@link Metric}, a REGRESSION needs all three: the
 * current median worse than the base median by more than the threshold, by more than the minimum
 * detectable effect of the runs' spread ({@link MinimumDetectableEffect}), and a one-sided
 * Mann-Whitney U p at most alpha (3+ runs a side). With 3 runs a side the smallest exact p is
 * 1/20 = alpha, so any clean rank separation passes the test: the spread guard is what keeps noise
 * out. Past the threshold without the rest is INCONCLUSIVE (run more pairs), which never fails the
 * comparison. With fewer than 3 runs a side there is no test and no verdict: past the threshold is
 * INCONCLUSIVE, saying whether the sides were cleanly apart (a quick look). Deciding on that alone
 * raised false alarms in 8-13 of 20 one-a-side and 2-7 of 30 two-a-side splits of five identical runs. Improvements mirror this. A latency, KO
 * or throughput verdict that only one side's short error windows could explain is INCONCLUSIVE
 * ({@link ErrorWindowGuard}). Any regression makes the whole comparison a regression.
 */
public final class Comparer {

    static final int TOP_FRAMES = 15;
    /** A caller whose callee moved by this share of its own change only passes the change on. */
    static final double PASS_THROUGH_SHARE = 0.9;
    /** How many of the largest changes are looked at for pass-through callers: enough for a deep chain and what is below it. */
    static final int PASS_THROUGH_CANDIDATES = 200;

    private Comparer() {
    }

    public static Comparison compare(List<RunResult> base, List<RunResult> current, Thresholds thresholds) {
        List<MetricVerdict> verdicts = new ArrayList<>();
        for (Metric metric : Metric.values()) {
            MetricVerdict verdict = verdict(metric, values(metric, base), values(metric, current), thresholds);
            verdicts.add(ErrorWindowGuard.apply(metric, verdict, base, current));
        }
        boolean regression = verdicts.stream().anyMatch(v -> v.outcome() == MetricVerdict.Outcome.REGRESSION);
        List<String> inconclusive = verdicts.stream().filter(v -> v.outcome() == MetricVerdict.Outcome.INCONCLUSIVE)
            .map(MetricVerdict::metric).toList();
        return new Comparison(regression ? Comparison.REGRESSION : Comparison.NO_REGRESSION, thresholds,
            base.stream().map(RunResult::name).toList(), current.stream().map(RunResult::name).toList(),
            base.get(0).variant(), current.get(0).variant(), verdicts, requests(base, current), groups(base), groups(current),
            frameChanges(base, current, ThreadGroup.CLIENT_EVENT_LOOP), frameChanges(base, current, null),
            allocationChanges(base, current), inconclusive,
            Differences.between(base, current));
    }

    static MetricVerdict verdict(Metric metric, List<Double> base, List<Double> current, Thresholds thresholds) {
        double allowed = metric.allowed(thresholds);
        if (base.isEmpty() || current.isEmpty()) {
            return new MetricVerdict(metric.key(), metric.label(), base, current, null, null, null, allowed, null, null,
                MetricVerdict.Outcome.NOT_COMPARED, "not in every run (" + base.size() + " base, " + current.size() + " current values)");
        }
        double baseMedian = median(base);
        double worseBy = worseBy(metric, baseMedian, median(current));
        Double mde = MinimumDetectableEffect.of(metric, base, current, baseMedian, thresholds.alpha());
        String unit = metric.absolute() ? " points" : "%";
        String spread = mde == null ? "one run on a side: no spread, so no minimum detectable effect"
            : "the spread could detect " + oneDecimal(mde) + unit;
        boolean worse = worseBy > 0;
        double size = Math.abs(worseBy);
        Double p = null;
        MetricVerdict.Outcome outcome;
        String note;
        if (!(size > allowed)) {
            outcome = MetricVerdict.Outcome.NO_CHANGE;
            note = mde == null ? "within the threshold; " + spread : "none larger than " + oneDecimal(mde) + unit + " (the spread's minimum detectable effect)";
        } else if (base.size() >= Thresholds.MIN_RUNS_FOR_TEST && current.size() >= Thresholds.MIN_RUNS_FOR_TEST) {
            AlternativeHypothesis direction = metric.higherIsWorse() == worse ? AlternativeHypothesis.GREATER_THAN : AlternativeHypothesis.LESS_THAN;
            p = MannWhitneyUTest.withDefaults().with(direction).test(array(current), array(base)).getPValue();
            boolean beyondNoise = mde != null && size > mde;
            String test = "Mann-Whitney U, one-sided p = " + round(p);
            if (beyondNoise && p <= thresholds.alpha()) {
                outcome = worse ? MetricVerdict.Outcome.REGRESSION : MetricVerdict.Outcome.IMPROVEMENT;
                note = test + "; " + spread;
            } else {
                outcome = MetricVerdict.Outcome.INCONCLUSIVE;
                note = (worse ? "worse" : "better") + " by " + oneDecimal(size) + unit + " but " + spread + " (" + test + "): run more pairs";
            }
        } else if (separated(metric, base, current, allowed, worse)) {
            outcome = MetricVerdict.Outcome.INCONCLUSIVE;
            note = (worse ? "worse" : "better") + " by " + oneDecimal(size) + unit + ", every current run " + (worse ? "worse" : "better")
                + " than every base run by more than the threshold, but fewer than " + Thresholds.MIN_RUNS_FOR_TEST
                + " runs a side, no rank test: a quick look, not a verdict; " + spread + ": run more pairs";
        } else {
            outcome = MetricVerdict.Outcome.INCONCLUSIVE;
            note = (worse ? "worse" : "better") + " by " + oneDecimal(size) + unit + " but fewer than " + Thresholds.MIN_RUNS_FOR_TEST
                + " runs a side and the runs overlap within the threshold; " + spread + ": run more pairs";
        }
        return new MetricVerdict(metric.key(), metric.label(), base, current, round(baseMedian), round(median(current)),
            Double.isFinite(worseBy) ? round(worseBy) : worseBy, allowed, mde == null ? null : round(mde), p == null ? null : round(p),
            outcome, note);
    }

    /** The change from base to current in the worse direction: points for absolute metrics, else percent of the base. */
    private static double worseBy(Metric metric, double from, double to) {
        double change = metric.absolute() ? to - from
            : from == 0 ? (to == 0 ? 0 : Double.POSITIVE_INFINITY) * Math.signum(to)
            : 100.0 * (to - from) / from;
        return metric.higherIsWorse() ? change : -change;
    }

    /** Whether every current run is worse (better) than every base run by more than the allowed change. */
    private static boolean separated(Metric metric, List<Double> base, List<Double> current, double allowed, boolean worse) {
        for (double from : base) {
            for (double to : current) {
                double by = worseBy(metric, from, to);
                if (!((worse ? by : -by) > allowed)) {
                    return false;
                }
            }
        }
        return true;
    }

    static List<Double> values(Metric metric, List<RunResult> runs) {
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
     * The methods whose cost grew and shrank most over the stacks of one thread group (null: the whole JVM): by CPU
     * microseconds per request when every run has its CPU per request, else by share of samples in points.
     */
    static Comparison.FrameChanges frameChanges(List<RunResult> base, List<RunResult> current, ThreadGroup group) {
        Ranked ranked = ranked(base, current, Profile.cpu(group));
        return ranked == null ? new Comparison.FrameChanges(List.of(), List.of())
            : new Comparison.FrameChanges(ranked.as(ranked.grew(), Comparison.FrameChange::new), ranked.as(ranked.shrank(), Comparison.FrameChange::new));
    }

    /**
     * The methods whose heap allocation grew and shrank most, any facade thread: by bytes per request when every run has
     * its allocated bytes per request, else by share of the sampled bytes in points; not available when a run has no
     * allocation profile.
     */
    static Comparison.AllocationChanges allocationChanges(List<RunResult> base, List<RunResult> current) {
        Ranked ranked = ranked(base, current, Profile.ALLOCATION);
        if (ranked == null) {
            String missing = java.util.stream.Stream.concat(base.stream(), current.stream()).filter(run -> run.allocationStacks() == null)
                .map(RunResult::name).collect(java.util.stream.Collectors.joining(", "));
            return new Comparison.AllocationChanges("not available: no allocation profile in " + missing, List.of(), List.of());
        }
        return new Comparison.AllocationChanges(null, ranked.as(ranked.grew(), Comparison.AllocationChange::new),
            ranked.as(ranked.shrank(), Comparison.AllocationChange::new));
    }

    /**
     * What a frame list reads from a run: the whole JVM's stacks of one profile (null: the run has none), the thread
     * group it ranks (null: all), and what all of the run's samples stand for per request (null: not known).
     */
    record Profile(Function<RunResult, CollapsedStacks> wholeJvm, ThreadGroup group, Function<RunResult, Double> perRequest) {

        /** CPU samples, in microseconds of CPU per request: the OS's count where the run has it, else the samples' estimate. */
        static Profile cpu(ThreadGroup group) {
            return new Profile(RunResult::stacks, group, run -> run.processCpuMsPerRequest() != null ? 1000.0 * run.processCpuMsPerRequest()
                : run.cpuMsPerRequest() == null ? null : 1000.0 * run.cpuMsPerRequest());
        }

        /** Sampled heap allocation bytes, in bytes allocated per request; the methods that allocated, not the classes allocated. */
        static final Profile ALLOCATION = new Profile(run -> run.allocationStacks() == null ? null : run.allocationStacks().withoutLeaves(),
            null, RunResult::allocatedBytesPerRequest);

        CollapsedStacks of(RunResult run) {
            CollapsedStacks all = wholeJvm.apply(run);
            return all == null || group == null ? all : all.inGroup(group);
        }
    }

    /** One method's change, per request in its profile's unit; what {@link Comparison.FrameChange} and its like hold. */
    record Change(String frame, double basePercent, double currentPercent, double changePoints, Double basePerRequest,
                  Double currentPerRequest, Double changePerRequest, Boolean beyondSpread) {
    }

    /** Makes a list entry out of a {@link Change}'s fields, in their order. */
    @FunctionalInterface
    interface ChangeFactory<T> {
        T of(String frame, double basePercent, double currentPercent, double changePoints, Double basePerRequest,
             Double currentPerRequest, Double changePerRequest, Boolean beyondSpread);
    }

    /** The methods that grew and shrank most, largest change first. */
    record Ranked(List<Change> grew, List<Change> shrank) {

        <T> List<T> as(List<Change> changes, ChangeFactory<T> factory) {
            return changes.stream().map(c -> factory.of(c.frame(), c.basePercent(), c.currentPercent(), c.changePoints(),
                c.basePerRequest(), c.currentPerRequest(), c.changePerRequest(), c.beyondSpread())).toList();
        }
    }

    /** The ranking for one profile; null when a run of a side does not have it. */
    private static Ranked ranked(List<RunResult> base, List<RunResult> current, Profile profile) {
        Map<String, Double> before = totalShares(base, profile);
        Map<String, Double> after = totalShares(current, profile);
        if (before == null || after == null) {
            return null;
        }
        List<Map<String, Double>> baseCosts = perRequestCosts(base, profile);
        List<Map<String, Double>> currentCosts = perRequestCosts(current, profile);
        boolean perRequest = baseCosts != null && currentCosts != null;
        Set<String> methods = new HashSet<>(before.keySet());
        methods.addAll(after.keySet());
        List<Change> changes = new ArrayList<>();
        for (String method : methods) {
            double from = before.getOrDefault(method, 0.0);
            double to = after.getOrDefault(method, 0.0);
            if (!perRequest) {
                changes.add(new Change(method, round(from), round(to), round(to - from), null, null, null, null));
                continue;
            }
            List<Double> b = baseCosts.stream().map(run -> run.getOrDefault(method, 0.0)).toList();
            List<Double> c = currentCosts.stream().map(run -> run.getOrDefault(method, 0.0)).toList();
            double change = median(c) - median(b);
            Boolean beyond = b.size() < 2 || c.size() < 2 ? null : Math.abs(change) > Math.max(range(b), range(c));
            changes.add(new Change(method, round(from), round(to), round(to - from), round(median(b)), round(median(c)),
                round(change), beyond));
        }
        ToDoubleFunction<Change> signed = perRequest ? Change::changePerRequest : Change::changePoints;
        Comparator<Change> byChange = Comparator.comparingDouble(signed);
        ToDoubleFunction<Change> size = c -> Math.abs(signed.applyAsDouble(c));
        List<Change> grew = withoutPassThrough(changes.stream()
            .filter(c -> signed.applyAsDouble(c) > 0).sorted(byChange.reversed()).toList(), size, base, current, profile);
        List<Change> shrank = withoutPassThrough(changes.stream()
            .filter(c -> signed.applyAsDouble(c) < 0).sorted(byChange).toList(), size, base, current, profile);
        return new Ranked(grew, shrank);
    }

    /**
     * The first {@link #TOP_FRAMES} of {@code sorted} (largest change first), leaving out a method that only passes the
     * change on: one with a callee in the candidates whose change is at least {@link #PASS_THROUGH_SHARE} of its own.
     * Without this, a grown subtree fills the list with its chain of callers (a transport's reactor loop, ten frames
     * of the same cost) and a second, smaller cause (a service lookup under another caller) never makes the list.
     */
    static List<Change> withoutPassThrough(List<Change> sorted, ToDoubleFunction<Change> size, List<RunResult> base,
                                           List<RunResult> current, Profile profile) {
        List<Change> candidates = sorted.stream().limit(PASS_THROUGH_CANDIDATES).toList();
        Map<String, Double> sizes = new HashMap<>();
        candidates.forEach(c -> sizes.put(c.frame(), size.applyAsDouble(c)));
        Set<String> passThrough = new HashSet<>();
        for (List<RunResult> side : List.of(base, current)) {
            for (RunResult run : side) {
                for (CollapsedStacks.Stack stack : profile.of(run).stacks()) {
                    List<String> onStack = stack.frames().stream().map(CollapsedStacks::method).filter(sizes::containsKey).toList();
                    for (int i = 0; i < onStack.size(); i++) {
                        String caller = onStack.get(i);
                        for (int j = i + 1; j < onStack.size() && !passThrough.contains(caller); j++) {
                            String callee = onStack.get(j);
                            if (!callee.equals(caller) && sizes.get(callee) >= PASS_THROUGH_SHARE * sizes.get(caller)) {
                                passThrough.add(caller);
                            }
                        }
                    }
                }
            }
        }
        return candidates.stream().filter(c -> !passThrough.contains(c.frame())).limit(TOP_FRAMES).toList();
    }

    /**
     * Per run, each method's cost per request: its samples (anywhere on the stack, in the group) over all of the run's
     * samples of the profile, times what they all stand for per request (CPU microseconds, heap bytes). Null when a run
     * has no per-request figure or no samples.
     */
    private static List<Map<String, Double>> perRequestCosts(List<RunResult> runs, Profile profile) {
        List<Map<String, Double>> costs = new ArrayList<>();
        for (RunResult run : runs) {
            Double perRequest = profile.perRequest().apply(run);
            CollapsedStacks all = profile.wholeJvm().apply(run);
            if (perRequest == null || all == null || all.samples() == 0) {
                return null;
            }
            Map<String, Long> counts = TopFrames.totals(profile.of(run), new HashMap<>());
            double perSample = perRequest / all.samples();
            Map<String, Double> cost = new HashMap<>();
            counts.forEach((method, count) -> cost.put(method, count * perSample));
            costs.add(cost);
        }
        return costs;
    }

    private static double range(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(0) - values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    /** Percent of a side's samples with the method anywhere on the stack; null when a run of the side has no such profile. */
    private static Map<String, Double> totalShares(List<RunResult> runs, Profile profile) {
        Map<String, Long> counts = new HashMap<>();
        long samples = 0;
        for (RunResult run : runs) {
            CollapsedStacks stacks = profile.of(run);
            if (stacks == null) {
                return null;
            }
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

    /** For the notes people read; the fields keep four decimals. */
    static double oneDecimal(double value) {
        return Math.round(value * 10.0) / 10.0;
    }

    static double round(double value) {
        return Math.round(value * 10_000.0) / 10_000.0;
    }
}
