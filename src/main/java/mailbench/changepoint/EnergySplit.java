package mailbench.changepoint;

/**
 * The best split of one segment by the energy statistic Q-hat with exponent 1 of Matteson and James (2014, see
 * {@link ChangePoints}): for the values X before a split and Y from it on, m and k of them,
 * {@code Q = m k / (m + k) * (2/(m k) * sum|x - y| - sum|x - x'| / C(m,2) - sum|y - y'| / C(k,2))}, the part in brackets
 * an estimate of the energy distance between the two sides' distributions. As in the paper, Y may end before the
 * segment does (the Q-hat of a split is its best over Y's ends): a step that a later night undoes is a split of its own
 * then, where a Y running to the segment's end mixes both levels and may hide it. Row prefix sums of the distances
 * score all splits and ends in O(n^2).
 */
final class EnergySplit {

    /** A split: the values before {@code index} against those from it on, and its Q-hat. */
    record Split(int index, double qHat) {
    }

    private EnergySplit() {
    }

    /** The split with the largest Q-hat and at least {@code minSegment} values a side (the first of equals), or null. */
    static Split best(double[] values, int minSegment) {
        int n = values.length;
        if (n < 2 * minSegment) {
            return null;
        }
        double[][] prefix = prefixDistances(values);
        Split best = null;
        double left = 0;
        for (int split = 1; split <= n - minSegment; split++) {
            left += prefix[split - 1][split - 1];
            if (split >= minSegment) {
                Split here = bestEnd(prefix, split, left, minSegment);
                if (best == null || here.qHat() > best.qHat()) {
                    best = here;
                }
            }
        }
        return best;
    }

    /** The split at {@code split} with its best end of Y; {@code left} is the sum of distances within X. */
    private static Split bestEnd(double[][] prefix, int split, double left, int minSegment) {
        double between = 0;
        double right = 0;
        double best = Double.NEGATIVE_INFINITY;
        for (int end = split + 1; end <= prefix.length; end++) {
            int added = end - 1;
            between += prefix[added][split];
            right += prefix[added][added] - prefix[added][split];
            if (end - split >= minSegment) {
                best = Math.max(best, qHat(split, end - split, left, between, right));
            }
        }
        return new Split(split, best);
    }

    private static double qHat(int m, int k, double left, double between, double right) {
        double energy = 2 * between / ((double) m * k) - 2 * left / ((double) m * (m - 1)) - 2 * right / ((double) k * (k - 1));
        return (double) m * k / (m + k) * energy;
    }

    /** {@code prefix[i][j]}: the sum of |values[i] - values[l]| for l < j. */
    private static double[][] prefixDistances(double[] values) {
        int n = values.length;
        double[][] prefix = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                prefix[i][j + 1] = prefix[i][j] + Math.abs(values[i] - values[j]);
            }
        }
        return prefix;
    }
}
