package mailbench.compare;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import mailbench.runfolder.ErrorWindow;

/** Turns a latency, KO or throughput verdict into INCONCLUSIVE when only the worse side had a short burst of errors. */
final class ErrorWindowGuard {

    static final Set<Metric> METRICS = EnumSet.of(Metric.P99_MS, Metric.KO_PERCENT, Metric.THROUGHPUT_RPS);
    /** Longer windows are how the code behaves through the run, not a disturbance: the verdict stands. */
    static final double MAX_SHARE_OF_MEASURED = 0.5;
    private static final int MESSAGE_CHARS = 80;

    private ErrorWindowGuard() {
    }

    static MetricVerdict apply(Metric metric, MetricVerdict verdict, List<RunResult> base, List<RunResult> current) {
        boolean regression = verdict.outcome() == MetricVerdict.Outcome.REGRESSION;
        if (!METRICS.contains(metric) || !(regression || verdict.outcome() == MetricVerdict.Outcome.IMPROVEMENT)) {
            return verdict;
        }
        List<RunResult> worse = regression ? current : base;
        List<RunResult> other = regression ? base : current;
        if (other.stream().anyMatch(run -> !run.measuredErrorWindows().isEmpty())) {
            return verdict;
        }
        List<String> disturbed = new ArrayList<>();
        for (RunResult run : worse) {
            run.measuredErrorWindows().stream().filter(w -> isShort(w, run)).forEach(w -> disturbed.add(describe(run, w)));
        }
        if (disturbed.isEmpty()) {
            return verdict;
        }
        return verdict.with(MetricVerdict.Outcome.INCONCLUSIVE, (regression ? "worse" : "better") + " by " + Comparer.oneDecimal(Math.abs(verdict.worseBy()))
            + verdict.unit() + ", but only the " + (regression ? "current" : "base") + " side had errors in its measured phase: "
            + String.join("; ", disturbed) + ". A difference that may come from one disturbed window is not a verdict: run more pairs");
    }

    private static boolean isShort(ErrorWindow window, RunResult run) {
        return run.measuredMillis() == null || run.measuredMillis() <= 0
            || window.endMillis() - window.startMillis() < MAX_SHARE_OF_MEASURED * run.measuredMillis();
    }

    /** "run X: 222 KO in 0.2 s at 270 s into the run: 'status 503 ...'". */
    static String describe(RunResult run, ErrorWindow window) {
        String text = String.format(Locale.ROOT, "run %s: %d KO in %.1f s at %.0f s into the run", run.name(), window.ko(),
            (window.endMillis() - window.startMillis()) / 1000.0, window.startSecondsIntoRun());
        if (!window.messages().isEmpty()) {
            String message = window.messages().get(0).message();
            text += ": '" + (message.length() > MESSAGE_CHARS ? message.substring(0, MESSAGE_CHARS) + "..." : message) + "'";
        }
        return text;
    }
}
