package mailbench.merge;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

import mailbench.errors.ToolError;
import mailbench.knobs.Knobs;
import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.ProfileSection;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;

/**
 * One result from the runs of several injectors that loaded one target at the same time, each
 * at its share of the rate. Counts add up; percentiles come from the sum of the injectors'
 * histograms, i.e. they are the percentiles of every measured request of every injector (never
 * an average of percentiles, which has no meaning); throughput is the sum of the injectors'
 * rates, which is what the target received while all of them were in their measured phase.
 */
final class RunMerger {

    /** Below this share of the shortest measured window in common, the injectors were not loading together. */
    static final double MIN_OVERLAP = 0.9;

    /** Knobs that differ between injectors by design (each its own share and folders): no warning. */
    private static final Set<String> PER_INJECTOR_KNOBS = Set.of(Knobs.RATE.name(), Knobs.REPORTS.name(), Knobs.INJECTOR_INDEX.name(),
        Knobs.GATLING_RESULTS.name(), Knobs.PROFILER.name(), Knobs.PROFILER_URL.name(),
        Knobs.PROFILER_TOKEN_FILE.name());

    private static final String NO_PROFILE = "a merged run has no profile: each injector's run folder keeps the facade capture it"
        + " made, if any (its cpuMsPerRequest counts that injector's requests only)";

    /** The merged run's summary.json, latency.hlog and run.json. */
    record Merged(RunSummary summary, LatencyLog.Measured latencies, MergedRunRecord record) {
    }

    private RunMerger() {
    }

    static Merged merge(String runId, List<InjectorRun> runs) {
        if (runs.isEmpty()) {
            throw new ToolError("no run folders to merge");
        }
        refuseDuplicates(runs);
        requireSame(runs, "simulation", r -> r.record().simulation);
        requireSame(runs, "variant", r -> r.record().variant);
        requireSame(runs, "path", r -> r.record().path);
        requireSame(runs, "target", r -> r.record().target);
        List<String> warnings = new ArrayList<>();
        LatencyLog.Measured latencies = sum(runs);
        RunSummary.Window common = commonWindow(runs, warnings);
        RunSummary summary = summary(runs, latencies, common);
        return new Merged(summary, latencies, record(runId, runs, common, warnings));
    }

    /** Every injector's histograms added, name by name, over the span of all their windows. */
    private static LatencyLog.Measured sum(List<InjectorRun> runs) {
        Map<String, LatencyLog.Outcomes> byName = new TreeMap<>();
        runs.forEach(run -> run.latencies().byName()
            .forEach((name, outcomes) -> byName.computeIfAbsent(name, n -> LatencyLog.Outcomes.empty()).add(outcomes)));
        return new LatencyLog.Measured(runs.stream().mapToLong(r -> r.latencies().startMillis()).min().orElseThrow(),
            runs.stream().mapToLong(r -> r.latencies().endMillis()).max().orElseThrow(), byName);
    }

    private static RunSummary summary(List<InjectorRun> runs, LatencyLog.Measured latencies, RunSummary.Window common) {
        Map<String, Double> rpsByName = new TreeMap<>();
        runs.forEach(run -> run.rpsByName().forEach((name, rps) -> rpsByName.merge(name, rps, Double::sum)));
        List<RunSummary.NamedStats> requests = new ArrayList<>();
        latencies.byName().forEach((name, outcomes) -> requests.add(RunSummary.NamedStats.of(name, stats(outcomes, rpsByName.get(name)))));
        return new RunSummary(stats(latencies.total(), runs.stream().mapToDouble(InjectorRun::rps).sum()), requests, warmUp(runs), common,
            // error windows stay in each injector's own summary.json: their per-second counts are not kept to merge
            runs.stream().allMatch(InjectorRun::complete), null, ProfileSection.none(NO_PROFILE), null, null);
    }

    private static RunSummary.Stats stats(LatencyLog.Outcomes outcomes, Double rps) {
        return RunSummary.Stats.of(outcomes.all(), outcomes.ko().getTotalCount(), rps == null ? 0 : rps);
    }

    private static RunSummary.WarmUp warmUp(List<InjectorRun> runs) {
        return new RunSummary.WarmUp(runs.stream().mapToLong(r -> r.warmUp().requests()).sum(),
            runs.stream().mapToLong(r -> r.warmUp().ko()).sum());
    }

    /** The same run given twice (or copied twice) would count its requests twice. */
    private static void refuseDuplicates(List<InjectorRun> runs) {
        Set<String> seen = new HashSet<>();
        for (InjectorRun run : runs) {
            if (!seen.add(run.identity())) {
                throw new ToolError("the run " + run.identity() + " is given twice (" + run.folder()
                    + "): give each injector's run folder once");
            }
        }
    }

    private static void requireSame(List<InjectorRun> runs, String what, Function<InjectorRun, String> value) {
        InjectorRun first = runs.get(0);
        for (InjectorRun run : runs) {
            if (!String.valueOf(value.apply(first)).equals(String.valueOf(value.apply(run)))) {
                throw new ToolError("runs of different " + what + "s: " + first.folder() + " has '" + value.apply(first) + "', "
                    + run.folder() + " has '" + value.apply(run) + "'. Merge only the runs of one load: every injector runs the same"
                    + " simulation, variant, path and -D" + Knobs.TARGET.name() + ", each with its own -D" + Knobs.RATE.name());
            }
        }
    }

    /** From the latest measured start to the earliest measured end: when every injector was loading the target. */
    private static RunSummary.Window commonWindow(List<InjectorRun> runs, List<String> warnings) {
        long start = runs.stream().mapToLong(r -> r.latencies().startMillis()).max().orElseThrow();
        long end = runs.stream().mapToLong(r -> r.latencies().endMillis()).min().orElseThrow();
        long shortest = runs.stream().mapToLong(r -> r.latencies().endMillis() - r.latencies().startMillis()).min().orElseThrow();
        StringBuilder windows = new StringBuilder(" (");
        runs.forEach(r -> windows.append(windows.length() > 2 ? "; " : "").append(r.label()).append(": ").append(r.measuredStart())
            .append(" to ").append(r.measuredEnd()));
        windows.append(')');
        if (end < start) {
            warnings.add("the measured windows do not overlap" + windows + ": the injectors never loaded the target together,"
                + " so no moment saw the summed rate; start them together (within a few seconds), with the same warm-up and duration");
            return null;
        }
        if (shortest > 0 && end - start < MIN_OVERLAP * shortest) {
            warnings.add(String.format("the measured windows overlap for %.1f s only, %.0f%% of the shortest one%s: the summed rate held"
                + " only in the overlap; start the injectors together", (end - start) / 1000.0, 100.0 * (end - start) / shortest, windows));
        }
        return new RunSummary.Window(start, end);
    }

    /** The entries all runs agree on; a difference outside {@code expected} is warned about. */
    private static Map<String, String> common(List<InjectorRun> runs, Function<InjectorRun, Map<String, String>> entries,
                                              Set<String> expected, String what, List<String> warnings) {
        Set<String> keys = new LinkedHashSet<>();
        runs.forEach(r -> keys.addAll(entries.apply(r).keySet()));
        Map<String, String> agreed = new LinkedHashMap<>();
        List<String> differing = new ArrayList<>();
        for (String key : keys) {
            Set<String> values = new TreeSet<>();
            runs.forEach(r -> values.add(String.valueOf(entries.apply(r).get(key))));
            if (values.size() == 1) {
                agreed.put(key, values.iterator().next());
            } else if (!expected.contains(key)) {
                differing.add(key + " " + values);
            }
        }
        if (!differing.isEmpty()) {
            warnings.add("the injectors' " + what + " differ: " + String.join(", ", differing));
        }
        return agreed;
    }

    private static String totalRate(List<InjectorRun> runs) {
        List<OptionalLong> rates = runs.stream().map(r -> r.record().wholeKnob(Knobs.RATE.name())).toList();
        return rates.stream().allMatch(OptionalLong::isPresent)
            ? "" + rates.stream().mapToLong(OptionalLong::getAsLong).sum() : "unknown";
    }

    private static Map<String, String> profile() {
        Map<String, String> profile = new LinkedHashMap<>();
        profile.put("status", ProfileSection.NONE);
        profile.put("reason", NO_PROFILE);
        return profile;
    }

    private static MergedRunRecord record(String runId, List<InjectorRun> runs, RunSummary.Window common, List<String> warnings) {
        if ("local".equals(runs.get(0).record().target) && runs.size() > 1) {
            warnings.add("the runs are local: each drove its own local stack, so the merge adds up separate targets;"
                + " for one target give every injector the same -D" + Knobs.TARGET.name());
        }
        Map<String, String> knobs = common(runs, r -> r.record().knobs, PER_INJECTOR_KNOBS, "knobs", warnings);
        knobs.put(Knobs.RATE.name(), totalRate(runs));
        Map<String, String> versions = common(runs, r -> r.record().versions, Set.of(), "versions", warnings);
        List<String> unfinished = runs.stream().filter(r -> !"completed".equals(r.record().status) || !r.complete())
            .map(r -> r.label() + ": " + r.record().status).toList();
        if (!unfinished.isEmpty()) {
            warnings.add("not every run completed: " + String.join(", ", unfinished));
        }
        RunRecord first = runs.get(0).record();
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("injectors", runs.size());
        machine.put("hosts", runs.stream().map(InjectorRun::host).distinct().toList());
        return new MergedRunRecord(runId, first.simulation, first.variant, first.path, first.target,
            unfinished.isEmpty() ? "completed" : "incomplete", unfinished.isEmpty() ? null : "not every injector's run completed",
            runs.stream().map(r -> r.record().start).min(Instant::compareTo).orElseThrow(),
            runs.stream().map(r -> r.record().end).filter(e -> e != null).max(Instant::compareTo).orElse(null),
            common == null ? null : Instant.ofEpochMilli(common.startMillis()), common == null ? null : Instant.ofEpochMilli(common.endMillis()),
            knobs, versions, machine, profile(), List.of(new RunRecord.Event(Instant.now(), "merged " + runs.size() + " injector runs")),
            injectors(runs), List.copyOf(warnings));
    }

    private static List<MergedRunRecord.Injector> injectors(List<InjectorRun> runs) {
        List<MergedRunRecord.Injector> injectors = new ArrayList<>();
        for (InjectorRun run : runs) {
            RunSummary.Stats stats = stats(run.latencies().total(), run.rps());
            Object probe = run.record().machine.get("speedProbeMs");
            injectors.add(new MergedRunRecord.Injector(run.record().runId, run.host(), run.folder().toAbsolutePath().toString(),
                run.record().status, run.record().knobs.get(Knobs.RATE.name()), probe instanceof Number n ? n.longValue() : null,
                stats.requests(), stats.ko(), stats.rps(), stats.p99Ms(), run.measuredStart(), run.measuredEnd()));
        }
        return injectors;
    }
}
