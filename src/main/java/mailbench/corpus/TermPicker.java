package mailbench.corpus;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Chooses a search term that really occurs in a message, favouring selective ones: subject
 * words and mid-frequency body words, never the most frequent words unless nothing else is there.
 */
final class TermPicker {

    static final int SKIP_MOST_FREQUENT = 50;
    static final int MID_FREQUENCY_LIMIT = 5_000;

    private final Vocabulary vocabulary;

    TermPicker(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    /** A lowercase vocabulary word of the message's subject or body. */
    String pick(MailMessage message, UniformRandomProvider rng) {
        List<String> subject = words(message.subject(), SKIP_MOST_FREQUENT, Vocabulary.SIZE);
        if (!subject.isEmpty() && rng.nextBoolean()) {
            return oneOf(subject, rng);
        }
        List<String> body = words(message.body(), SKIP_MOST_FREQUENT, MID_FREQUENCY_LIMIT);
        if (!body.isEmpty()) {
            return oneOf(body, rng);
        }
        if (!subject.isEmpty()) {
            return oneOf(subject, rng);
        }
        // subjects have at least two vocabulary words, so this is never empty
        return oneOf(words(message.subject(), 0, Vocabulary.SIZE), rng);
    }

    /**
     * Vocabulary words of the text whose rank lies in [minRank, maxRank), lowercased. A token
     * runs over letters, digits and the inner punctuation of addresses, so "anna.rossi2@x" is
     * one token and yields no word: an analyzer would not split it into "rossi" either.
     */
    List<String> words(String text, int minRank, int maxRank) {
        List<String> found = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean inToken = i < text.length() && isTokenChar(text.charAt(i));
            if (inToken && start < 0) {
                start = i;
            } else if (!inToken && start >= 0) {
                String word = word(text, start, i);
                int rank = word == null ? -1 : vocabulary.rank(word);
                if (rank >= minRank && rank < maxRank) {
                    found.add(word);
                }
                start = -1;
            }
        }
        return found;
    }

    private static boolean isTokenChar(char c) {
        return isLetter(c) || c >= '0' && c <= '9' || c == '@' || c == '.' || c == '_' || c == '-';
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    /** The token without its sentence-ending periods, lowercased, or null unless all letters. */
    private static String word(String text, int start, int end) {
        while (end > start && text.charAt(end - 1) == '.') {
            end--;
        }
        if (end == start) {
            return null;
        }
        char[] word = new char[end - start];
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (!isLetter(c)) {
                return null;
            }
            word[i - start] = (char) (c | 0x20);
        }
        return new String(word);
    }

    private static String oneOf(List<String> words, UniformRandomProvider rng) {
        return words.get(rng.nextInt(words.size()));
    }
}
