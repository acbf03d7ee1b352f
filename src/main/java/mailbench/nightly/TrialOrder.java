package mailbench.nightly;

import java.util.SplittableRandom;

/**
 * Which side goes first in each pair. {@link #ALTERNATE}: base first in odd pairs, current first in even ones (ABBA, as
 * {@code pairs} has always done), so a host that slows over the hour weighs on both sides alike. {@link #RANDOM}: a coin
 * per pair from a seed the night records (randomized multiple interleaved trials, Abedi and Brecht, ICPE 2017), so no
 * rhythm of the host can line up with the order. In a duet both sides run at once; the first is the one started first.
 */
public enum TrialOrder {
    ALTERNATE, RANDOM;

    /** Whether the base side goes first in pair {@code pair} (1-based). */
    boolean baseFirst(int pair, long seed) {
        if (this == ALTERNATE) {
            return pair % 2 == 1;
        }
        return new SplittableRandom(seed ^ (pair * 0x9E3779B97F4A7C15L)).nextBoolean();
    }

    public static TrialOrder of(String option) {
        return switch (option) {
            case "alternate" -> ALTERNATE;
            case "random" -> RANDOM;
            default -> throw new IllegalArgumentException("--order must be alternate or random, got '" + option + "'");
        };
    }
}
