package mailbench.corpus;

import java.time.Instant;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/** Receipt times: three years ending at a fixed instant, busier lately and in office hours. */
final class MailClock {

    static final Instant END = Instant.parse("2026-01-01T00:00:00Z");
    static final Instant START = Instant.parse("2023-01-01T00:00:00Z");
    static final long DAY = 86_400;

    private static final long DAYS = (END.getEpochSecond() - START.getEpochSecond()) / DAY;
    /** The last day of the window gets this many times the mail of the first. */
    private static final double GROWTH = 3.0;
    private static final double LOG_GROWTH = StrictMath.log(GROWTH);
    private static final int[] HOURS = Rngs.cumulative(
            1, 1, 1, 1, 1, 2, 3, 5, 9, 10, 10, 10, 8, 9, 10, 10, 9, 8, 6, 5, 4, 3, 2, 1);
    private static final double MEDIAN_REPLY_DELAY = 3 * 3600.0;

    private MailClock() {
    }

    /** Epoch second of a fresh message. */
    static long sample(UniformRandomProvider rng) {
        // inverse CDF of a density growing exponentially over the window
        double t = StrictMath.log1p(rng.nextDouble() * (GROWTH - 1)) / LOG_GROWTH;
        long day = Math.min(DAYS - 1, (long) (t * DAYS));
        int hour = Rngs.weighted(rng, HOURS);
        return START.getEpochSecond() + day * DAY + hour * 3600L + rng.nextInt(3600);
    }

    /** Epoch second of a reply: minutes to days after the thread root, never past the end. */
    static long after(long rootEpoch, UniformRandomProvider rng, ContinuousSampler gaussian) {
        long delay = Math.max(60, (long) Rngs.logNormal(gaussian, MEDIAN_REPLY_DELAY, 1.5));
        long room = END.getEpochSecond() - rootEpoch;
        // a late root would pile its replies on the last second; spread them instead
        return rootEpoch + (delay < room ? delay : rng.nextLong(room));
    }
}
