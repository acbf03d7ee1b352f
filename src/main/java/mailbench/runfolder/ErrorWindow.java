package mailbench.runfolder;

import java.util.List;
import java.util.Map;

/**
 * summary.json's error windows, one each: times by request start, epoch ms of its first and last KO, and seconds since the run's first request;
 * {@code cause} is what the run knows of why (see {@link Cause}), null until the run has looked.
 */
public record ErrorWindow(long startMillis, long endMillis, double startSecondsIntoRun, double endSecondsIntoRun, String phase,
                          long requests, long ko, List<Message> messages, Cause cause) {

    /** Phases a window lies in, by its KO requests. */
    public static final String WARM_UP = "warm-up";
    public static final String MEASURED = "measured";
    public static final String BOTH = "warm-up and measured";

    public ErrorWindow(long startMillis, long endMillis, double startSecondsIntoRun, double endSecondsIntoRun, String phase,
                       long requests, long ko, List<Message> messages) {
        this(startMillis, endMillis, startSecondsIntoRun, endSecondsIntoRun, phase, requests, ko, messages, null);
    }

    public ErrorWindow withCause(Cause why) {
        return new ErrorWindow(startMillis, endMillis, startSecondsIntoRun, endSecondsIntoRun, phase, requests, ko, messages, why);
    }

    /** An error message as Gatling wrote it, and how often it came in the window. */
    public record Message(String message, long count) {
    }

    /**
     * Why a window happened. {@code kind}: what the requests saw ({@code shed-or-unavailable} for 503, {@code backend-error},
     * {@code timeout}, {@code connection}, {@code other}); {@code stall}: {@code jvm-pause}, {@code cpu-starved},
     * {@code steal} or {@code none-seen}; {@code text}: one line for people; {@code processCores}: the cores each
     * process of the run used around the window, {@code otherProcessCores} what the rest of the machine used (a build or
     * a second benchmark beside the run shows there); {@code busiestThreads}: the threads of the run's processes that
     * worked most above their usual around the window (a JIT compiler, GC workers, a search pool), busiest first.
     */
    public record Cause(String kind, String stall, String text, Map<String, Double> jvmStoppedMs, Double hostIdleCores,
                        Double hostStealCores, Map<String, Double> processCores, Double otherProcessCores,
                        List<BusyThread> busiestThreads) {
    }

    /** A thread's cores around a window against its usual cores over the measured phase (or the whole load). */
    public record BusyThread(String process, String thread, double cores, double usualCores) {
    }
}
