package mailbench.changepoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.ArraySampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Finds the change points of a series of per-night values, oldest first, by E-Divisive: Matteson and James, "A
 * Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data" (JASA 109, 2014), as MongoDB's
 * performance CI runs it (Daly et al., "Change Point Detection in Software Performance Testing", ICPE 2020) and Apache
 * Otava (formerly Hunter) after it. Each segment between the change points found so far is split where the energy
 * statistic Q-hat between its two sides is largest ({@link EnergySplit}); the best of those splits is kept when a
 * permutation test finds it significant, and the search goes on in the parts until a split is not. The test shuffles
 * every segment, takes the largest Q-hat again and counts how often chance reaches the split's:
 * {@code p = (1 + count) / (1 + permutations)}. Its shuffles come from a fixed seed, so a series always gets the same answer.
 */
public final class ChangePoints {

    /**
     * {@code minSegment}: the fewest values either side of a change point (default 3 nights); {@code alpha}: the level
     * a split's p must not exceed (default 0.01); {@code permutations}: the test's shuffles (default 999, so p can reach
     * 0.001); {@code seed}: the shuffles' seed.
     */
    public record Settings(int minSegment, double alpha, int permutations, long seed) {

        public static final int MIN_SEGMENT = 3;
        public static final double ALPHA = 0.01;
        public static final int PERMUTATIONS = 999;
        public static final Settings DEFAULTS = of(MIN_SEGMENT, ALPHA);

        public Settings {
            if (minSegment < 2) {
                throw new IllegalArgumentException("a segment needs 2 values at least (its within-side distance), got " + minSegment);
            }
            if (!(alpha > 0 && alpha < 1) || 1.0 / (permutations + 1) > alpha) {
                throw new IllegalArgumentException("alpha " + alpha + " is not in (0, 1) or below the smallest p "
                    + permutations + " permutations can give");
            }
        }

        /** The default permutations and seed. */
        public static Settings of(int minSegment, double alpha) {
            return new Settings(minSegment, alpha, PERMUTATIONS, 20200420L);
        }
    }

    private ChangePoints() {
    }

    /** The change points of {@code values}, in order; {@code higherIsBetter} says which way a step is worse. */
    public static List<ChangePoint> find(double[] values, boolean higherIsBetter, Settings settings) {
        if (Arrays.stream(values).anyMatch(v -> !Double.isFinite(v))) {
            throw new IllegalArgumentException("a value is not a finite number: " + Arrays.toString(values));
        }
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(settings.seed());
        TreeMap<Integer, Double> found = new TreeMap<>();
        while (true) {
            List<double[]> segments = segments(values, found);
            Candidate best = best(segments, settings.minSegment());
            if (best == null) {
                break;
            }
            double p = pValue(segments, best.split().qHat(), settings, random);
            if (p > settings.alpha()) {
                break;
            }
            found.put(best.start() + best.split().index(), p);
        }
        return described(values, found, higherIsBetter);
    }

    /** The best split of all segments: its segment's first index in the series, and the split within the segment. */
    private record Candidate(int start, EnergySplit.Split split) {
    }

    private static Candidate best(List<double[]> segments, int minSegment) {
        Candidate best = null;
        int start = 0;
        for (double[] segment : segments) {
            EnergySplit.Split split = EnergySplit.best(segment, minSegment);
            if (split != null && (best == null || split.qHat() > best.split().qHat())) {
                best = new Candidate(start, split);
            }
            start += segment.length;
        }
        return best;
    }

    private static double pValue(List<double[]> segments, double observed, Settings settings, UniformRandomProvider random) {
        int reached = 0;
        for (int i = 0; i < settings.permutations(); i++) {
            List<double[]> shuffled = new ArrayList<>();
            for (double[] segment : segments) {
                shuffled.add(ArraySampler.shuffle(random, segment.clone()));
            }
            Candidate chance = best(shuffled, settings.minSegment());
            if (chance != null && chance.split().qHat() >= observed) {
                reached++;
            }
        }
        return (1.0 + reached) / (1.0 + settings.permutations());
    }

    /** The series cut at the change points found. */
    private static List<double[]> segments(double[] values, TreeMap<Integer, Double> found) {
        List<double[]> segments = new ArrayList<>();
        int from = 0;
        for (int cut : found.keySet()) {
            segments.add(Arrays.copyOfRange(values, from, cut));
            from = cut;
        }
        segments.add(Arrays.copyOfRange(values, from, values.length));
        return segments;
    }

    private static List<ChangePoint> described(double[] values, TreeMap<Integer, Double> found, boolean higherIsBetter) {
        List<Integer> cuts = new ArrayList<>(found.keySet());
        List<ChangePoint> points = new ArrayList<>();
        for (int i = 0; i < cuts.size(); i++) {
            int cut = cuts.get(i);
            double before = mean(values, i == 0 ? 0 : cuts.get(i - 1), cut);
            double after = mean(values, cut, i == cuts.size() - 1 ? values.length : cuts.get(i + 1));
            double step = before == 0 ? 0 : (after - before) / Math.abs(before) * 100;
            boolean worse = higherIsBetter ? after < before : after > before;
            points.add(new ChangePoint(cut, before, after, step, worse ? ChangePoint.Direction.WORSE : ChangePoint.Direction.BETTER,
                found.get(cut)));
        }
        return points;
    }

    private static double mean(double[] values, int from, int to) {
        return Arrays.stream(values, from, to).average().orElseThrow();
    }
}
