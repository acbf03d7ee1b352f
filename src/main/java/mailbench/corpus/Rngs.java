package mailbench.corpus;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.simple.RandomSource;

/** Seeded random streams: one independent stream per purpose, all derived from the spec seed. */
final class Rngs {

    static final long USERS = 0x7573657273L;
    static final long MESSAGES = 0x6d657373616765L;
    static final long SUBJECTS = 0x7375626a656374L;
    static final long FEEDERS = 0x6665656465727L;
    static final long FIXED_TABLES = 0x7461626c6573L;
    static final long ATTACHMENT_TEXT = 0x61747465787473L;

    private Rngs() {
    }

    static UniformRandomProvider stream(long seed, long purpose) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(mix(seed ^ mix(purpose)));
    }

    /** The index-th of a family of streams, e.g. one per message. */
    static UniformRandomProvider stream(long seed, long purpose, long index) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(mix(mix(seed ^ mix(purpose)) + index));
    }

    /** Log-normal draw, exp done with StrictMath so the result is the same on every JVM. */
    static double logNormal(ContinuousSampler gaussian, double median, double sigma) {
        return StrictMath.exp(StrictMath.log(median) + sigma * gaussian.sample());
    }

    /** Index drawn from cumulative integer weights. */
    static int weighted(UniformRandomProvider rng, int[] cumulative) {
        int draw = rng.nextInt(cumulative[cumulative.length - 1]);
        int i = 0;
        while (cumulative[i] <= draw) {
            i++;
        }
        return i;
    }

    static int[] cumulative(int... weights) {
        int[] cumulative = new int[weights.length];
        int sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            cumulative[i] = sum;
        }
        return cumulative;
    }

    // SplitMix64 finaliser: neighbouring seeds and purposes land on unrelated streams
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    static String pad(long value, int width) {
        String digits = Long.toString(value);
        if (digits.length() >= width) {
            return digits;
        }
        StringBuilder padded = new StringBuilder(width);
        for (int i = digits.length(); i < width; i++) {
            padded.append('0');
        }
        return padded.append(digits).toString();
    }
}
