package mailbench.corpus;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AliasMethodDiscreteSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;

/**
 * About 20,000 pseudo-words built from syllables, ranked by frequency: rank 0 is the most
 * common word. The same for every seed, so feeders and tests can reason about ranks.
 */
final class Vocabulary {

    static final int SIZE = 20_000;
    static final double EXPONENT = 1.05;

    private static final String[] ONSETS = {"b", "c", "d", "f", "g", "h", "j", "k", "l", "m",
        "n", "p", "r", "s", "t", "v", "w", "z", "br", "ch", "cl", "dr", "fl", "gr", "pl", "pr",
        "sh", "st", "th", "tr"};
    private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ai", "ea", "io", "ou"};
    private static final String[] CODAS = {"", "", "", "", "n", "r", "s", "l", "m", "t", "nd",
        "st"};
    private static final int[] SYLLABLE_COUNTS = Rngs.cumulative(50, 35, 15);

    private static final Vocabulary STANDARD = build();

    private final String[] words;
    private final Map<String, Integer> ranks;
    private final SharedStateDiscreteSampler zipf;

    private Vocabulary(String[] words) {
        this.words = words;
        this.zipf = AliasMethodDiscreteSampler.of(Rngs.stream(0, Rngs.FIXED_TABLES),
                zipfWeights(words.length));
        this.ranks = new HashMap<>(words.length * 2);
        for (int rank = 0; rank < words.length; rank++) {
            ranks.put(words[rank], rank);
        }
    }

    static Vocabulary standard() {
        return STANDARD;
    }

    String word(int rank) {
        return words[rank];
    }

    /** Frequency rank of a lowercase word, or -1 when it is not in the vocabulary. */
    int rank(String word) {
        Integer rank = ranks.get(word);
        return rank == null ? -1 : rank;
    }

    /**
     * Draws ranks following Zipf's law from {@code rng}. An alias table rather than
     * RejectionInversionZipfSampler: a body needs ~135 draws, and the table is several times
     * faster and uses no Math.log/exp, whose last bit may differ between JVMs.
     */
    SharedStateDiscreteSampler sampler(UniformRandomProvider rng) {
        return zipf.withUniformRandomProvider(rng);
    }

    private static double[] zipfWeights(int size) {
        double[] weights = new double[size];
        for (int rank = 0; rank < size; rank++) {
            weights[rank] = 1 / StrictMath.pow(rank + 1, EXPONENT);
        }
        return weights;
    }

    private static Vocabulary build() {
        UniformRandomProvider rng = Rngs.stream(0, Rngs.FIXED_TABLES);
        Map<String, Boolean> seen = new HashMap<>(SIZE * 2);
        String[] words = new String[SIZE];
        int count = 0;
        while (count < SIZE) {
            String word = syllables(rng, 2 + Rngs.weighted(rng, SYLLABLE_COUNTS));
            if (seen.putIfAbsent(word, Boolean.TRUE) == null) {
                words[count++] = word;
            }
        }
        // short words are the frequent ones in real text; the sort is stable, so still fixed
        Arrays.sort(words, Comparator.comparingInt(String::length));
        return new Vocabulary(words);
    }

    private static String syllables(UniformRandomProvider rng, int count) {
        StringBuilder word = new StringBuilder(count * 4);
        for (int i = 0; i < count; i++) {
            word.append(ONSETS[rng.nextInt(ONSETS.length)])
                .append(VOWELS[rng.nextInt(VOWELS.length)])
                .append(CODAS[rng.nextInt(CODAS.length)]);
        }
        return word.toString();
    }
}
