package mailbench.corpus;

/**
 * The knobs of a corpus: seed, number of messages, number of users (one mailbox each) and the
 * bytes of extracted attachment text each message carries (0: none, the plain corpus).
 *
 * <p>Every seed is valid; the counts are bounded so a typo cannot ask for a corpus that takes
 * hours to generate.
 */
public record CorpusSpec(long seed, int messages, int users, int attachmentTextBytes) {

    public static final String SEED_KNOB = "mailbench.corpus.seed";
    public static final String MESSAGES_KNOB = "mailbench.corpus.messages";
    public static final String USERS_KNOB = "mailbench.corpus.users";
    public static final String ATTACHMENT_TEXT_KNOB = "mailbench.corpus.attachmentTextBytes";

    public static final long DEFAULT_SEED = 42;
    public static final int DEFAULT_MESSAGES = 100_000;
    public static final int DEFAULT_USERS = 1_000;
    public static final int MAX_MESSAGES = 10_000_000;
    public static final int MAX_USERS = 1_000_000;
    /**
     * 20 MiB: a message with its text must fit in one bulk request under the facade's default
     * --max-body-bytes (32 MiB), and a few of them in one search answer under the client's 100 MiB buffer.
     */
    public static final int MAX_ATTACHMENT_TEXT_BYTES = 20 * 1024 * 1024;

    public CorpusSpec {
        requireBetween(MESSAGES_KNOB, messages, 1, MAX_MESSAGES);
        requireBetween(USERS_KNOB, users, 1, MAX_USERS);
        requireBetween(ATTACHMENT_TEXT_KNOB, attachmentTextBytes, 0, MAX_ATTACHMENT_TEXT_BYTES);
    }

    /** The plain corpus: no attachment text. */
    public CorpusSpec(long seed, int messages, int users) {
        this(seed, messages, users, 0);
    }

    public static CorpusSpec defaults() {
        return new CorpusSpec(DEFAULT_SEED, DEFAULT_MESSAGES, DEFAULT_USERS);
    }

    public CorpusSpec withMessages(int newMessages) {
        return new CorpusSpec(seed, newMessages, users, attachmentTextBytes);
    }

    public CorpusSpec withAttachmentTextBytes(int bytes) {
        return new CorpusSpec(seed, messages, users, bytes);
    }

    private static void requireBetween(String knob, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    knob + " must be between " + min + " and " + max + ", got " + value);
        }
    }
}
