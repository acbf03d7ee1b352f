package mailbench.corpus;

/**
 * The knobs of a corpus: seed, number of messages and number of users (one mailbox each).
 *
 * <p>Every seed is valid; the counts are bounded so a typo cannot ask for a corpus that takes
 * hours to generate.
 */
public record CorpusSpec(long seed, int messages, int users) {

    public static final String SEED_KNOB = "mailbench.corpus.seed";
    public static final String MESSAGES_KNOB = "mailbench.corpus.messages";
    public static final String USERS_KNOB = "mailbench.corpus.users";

    public static final long DEFAULT_SEED = 42;
    public static final int DEFAULT_MESSAGES = 100_000;
    public static final int DEFAULT_USERS = 1_000;
    public static final int MAX_MESSAGES = 10_000_000;
    public static final int MAX_USERS = 1_000_000;

    public CorpusSpec {
        requireBetween(MESSAGES_KNOB, messages, 1, MAX_MESSAGES);
        requireBetween(USERS_KNOB, users, 1, MAX_USERS);
    }

    public static CorpusSpec defaults() {
        return new CorpusSpec(DEFAULT_SEED, DEFAULT_MESSAGES, DEFAULT_USERS);
    }

    public CorpusSpec withSeed(long newSeed) {
        return new CorpusSpec(newSeed, messages, users);
    }

    public CorpusSpec withMessages(int newMessages) {
        return new CorpusSpec(seed, newMessages, users);
    }

    public CorpusSpec withUsers(int newUsers) {
        return new CorpusSpec(seed, messages, newUsers);
    }

    private static void requireBetween(String knob, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    knob + " must be between " + min + " and " + max + ", got " + value);
        }
    }
}
