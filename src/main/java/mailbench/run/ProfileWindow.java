package mailbench.run;

import java.util.Optional;

import mailbench.knobs.Knobs;

/**
 * Which samples make the profile, in seconds after the load starts: the measured phase only, trimmed
 * at both ends, so warm-up JIT noise and the ramp-down are not in the flame graph.
 */
public record ProfileWindow(int startSeconds, int stopSeconds) {

    public static final int DEFAULT_TRIM_SECONDS = Integer.parseInt(Knobs.PROFILER_TRIM.defaultValue());

    /** The window for a run, or empty when the measured phase is too short to leave a second of it. */
    public static Optional<ProfileWindow> of(int warmupSeconds, int durationSeconds, int trimSeconds) {
        int trim = Math.min(trimSeconds, durationSeconds / 4);
        int start = warmupSeconds + trim;
        int stop = warmupSeconds + durationSeconds - trim;
        return stop - start < 1 ? Optional.empty() : Optional.of(new ProfileWindow(start, stop));
    }

    public int seconds() {
        return stopSeconds - startSeconds;
    }
}
