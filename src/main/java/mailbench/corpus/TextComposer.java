package mailbench.corpus;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.DiscreteSampler;

/** Writes subjects and bodies from vocabulary words: sentences, paragraphs, quoted replies. */
final class TextComposer {

    static final double MEDIAN_WORDS = 90;
    static final double SIGMA_WORDS = 0.9;
    static final int MAX_WORDS = 8_000;

    private static final String[] SIGN_OFFS = {"Thanks", "Best regards", "Cheers", "Regards",
        "Best", "Kind regards"};

    private final Vocabulary vocabulary;
    private final UniformRandomProvider rng;
    private final DiscreteSampler words;
    private final ContinuousSampler gaussian;

    TextComposer(Vocabulary vocabulary, UniformRandomProvider rng, ContinuousSampler gaussian) {
        this.vocabulary = vocabulary;
        this.rng = rng;
        this.words = vocabulary.sampler(rng);
        this.gaussian = gaussian;
    }

    /**
     * Subject of the thread rooted at message {@code seq}. It has its own stream per message so
     * a reply can recompute its root's subject instead of the generator remembering it.
     */
    static String subject(Vocabulary vocabulary, long seed, long seq) {
        UniformRandomProvider rng = Rngs.stream(seed, Rngs.SUBJECTS, seq);
        DiscreteSampler words = vocabulary.sampler(rng);
        int count = 2 + rng.nextInt(5) + rng.nextInt(4);
        StringBuilder subject = new StringBuilder(count * 9);
        appendCapitalised(subject, vocabulary.word(words.sample()));
        for (int i = 1; i < count; i++) {
            subject.append(' ').append(vocabulary.word(words.sample()));
        }
        return subject.toString();
    }

    /**
     * A body of log-normally many words in paragraphs; greeting, signature and quoted message
     * are each optional (null).
     */
    String body(String greetingName, String signature, String quoteAuthor) {
        int count = (int) Math.min(MAX_WORDS,
                Math.max(1, Math.round(Rngs.logNormal(gaussian, MEDIAN_WORDS, SIGMA_WORDS))));
        StringBuilder body = new StringBuilder(count * 9 + 160);
        if (greetingName != null) {
            body.append("Hi ").append(greetingName).append(",\n\n");
        }
        appendParagraphs(body, count);
        if (signature != null) {
            body.append("\n\n").append(SIGN_OFFS[rng.nextInt(SIGN_OFFS.length)])
                .append(",\n").append(signature);
        }
        if (quoteAuthor != null) {
            appendQuote(body, quoteAuthor);
        }
        return body.toString();
    }

    /**
     * Text extracted from a message's attachments, exactly {@code chars} characters of paragraphs
     * (vocabulary words are ASCII, so as many UTF-8 bytes). Its own stream per message: the rest of
     * the corpus draws exactly what it draws without it.
     */
    static String attachmentText(Vocabulary vocabulary, long seed, long seq, int chars) {
        UniformRandomProvider rng = Rngs.stream(seed, Rngs.ATTACHMENT_TEXT, seq);
        TextComposer text = new TextComposer(vocabulary, rng, null);
        StringBuilder out = new StringBuilder(chars + 256);
        while (out.length() < chars) {
            text.appendParagraphs(out, 500);
            out.append("\n\n");
        }
        out.setLength(chars);
        return out.toString();
    }

    /** One word drawn by frequency, e.g. for file names. */
    String word() {
        return vocabulary.word(words.sample());
    }

    private void appendParagraphs(StringBuilder body, int count) {
        int left = count;
        while (left > 0) {
            int sentences = 1 + rng.nextInt(5);
            for (int s = 0; s < sentences && left > 0; s++) {
                int length = Math.min(left, 4 + rng.nextInt(14));
                if (s > 0) {
                    body.append(' ');
                }
                appendSentence(body, length);
                left -= length;
            }
            if (left > 0) {
                body.append("\n\n");
            }
        }
    }

    private void appendSentence(StringBuilder text, int length) {
        appendCapitalised(text, word());
        for (int i = 1; i < length; i++) {
            if (i < length - 1 && rng.nextInt(12) == 0) {
                text.append(',');
            }
            text.append(' ').append(word());
        }
        text.append(rng.nextInt(10) == 0 ? '?' : '.');
    }

    private void appendQuote(StringBuilder body, String author) {
        body.append("\n\n").append(author).append(" wrote:\n");
        int lines = 2 + rng.nextInt(4);
        for (int i = 0; i < lines; i++) {
            body.append("> ");
            appendSentence(body, 6 + rng.nextInt(7));
            body.append('\n');
        }
    }

    private static void appendCapitalised(StringBuilder text, String word) {
        text.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
    }
}
