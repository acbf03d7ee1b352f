package mailbench.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ThreadGroup;
import mailbench.profiler.TopFrames;

/**
 * The methods whose cost per request grew and shrank most between two sides, from the runs' profiles: CPU
 * microseconds per request on the client event loop and the whole JVM, heap bytes per request for allocation.
 * Apart from {@link Comparer}'s verdict: these lists say where a change went, never whether it is one.
 */
final class FrameRanking {

    /** A caller whose callee moved by this share of its own change only passes the change on. */
    static final double PASS_THROUGH_SHARE = 0.9;
    /** How many of the largest changes are looked at for pass-through callers: enough for a deep chain and what is below it. */
    static final int PASS_THROUGH_CANDIDATES = 200;

    private FrameRanking() {
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
                changes.add(new Change(method, Comparer.round(from), Comparer.round(to), Comparer.round(to - from), null, null, null, null));
                continue;
            }
            List<Double> b = baseCosts.stream().map(run -> run.getOrDefault(method, 0.0)).toList();
            List<Double> c = currentCosts.stream().map(run -> run.getOrDefault(method, 0.0)).toList();
            double change = Comparer.median(c) - Comparer.median(b);
            Boolean beyond = b.size() < 2 || c.size() < 2 ? null : Math.abs(change) > Math.max(range(b), range(c));
            changes.add(new Change(method, Comparer.round(from), Comparer.round(to), Comparer.round(to - from), Comparer.round(Comparer.median(b)), Comparer.round(Comparer.median(c)),
                Comparer.round(change), beyond));
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
     * The first {@link Comparer#TOP_FRAMES} of {@code sorted} (largest change first), leaving out a method that only passes the
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
        return candidates.stream().filter(c -> !passThrough.contains(c.frame())).limit(Comparer.TOP_FRAMES).toList();
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
}
