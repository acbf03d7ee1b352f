package mailbench.facade;

/**
 * Counts, from above, the terms OpenSearch's standard analyzer makes of search text: every term of {@code text} and
 * {@code subject} is a clause of the query (with {@code operator: and}, {@code text} one per field it searches), and a
 * query of more than {@value #OPENSEARCH_MAX_CLAUSES} clauses fails inside OpenSearch. A character limit does not
 * bound them: the standard tokenizer (Unicode word breaks) makes a term of every Han ideograph and Hiragana character,
 * so 512 characters of Chinese are 512 terms. Counted as the tokenizer would, erring high: Han, Hiragana, Katakana
 * and Hangul characters and symbols (emoji) one term each; any other run of letters, digits and marks one term per 255
 * characters (the analyzer's longest token); everything else separates (the tokenizer keeps {@code a_b} or {@code a.b}
 * whole, counted here as two).
 */
final class QueryTerms {

    /** OpenSearch's {@code indices.query.bool.max_clause_count} default. */
    static final int OPENSEARCH_MAX_CLAUSES = 1_024;
    /**
     * Terms per parameter: {@code text} twice (subject and body) plus {@code subject} is 900 clauses, and the filters
     * (mailbox, from, to, dates, 64 flags) 68 more, under {@value #OPENSEARCH_MAX_CLAUSES}.
     */
    static final int MAX_PER_PARAMETER = 300;
    private static final int MAX_TOKEN_CHARS = 255;

    private QueryTerms() {
    }

    static int count(String text) {
        int terms = 0;
        int run = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            i += Character.charCount(codePoint);
            if (standsAlone(codePoint)) {
                terms += runTerms(run) + 1;
                run = 0;
            } else if (inWord(codePoint)) {
                run++;
            } else {
                terms += runTerms(run);
                run = 0;
            }
        }
        return terms + runTerms(run);
    }

    /** {@code name}'s value, or a 400 naming the limit when it would make too many clauses. */
    static String require(String name, String value) {
        int terms = count(value);
        if (terms > MAX_PER_PARAMETER) {
            throw new BadRequest(name + " makes " + terms + " search terms; at most " + MAX_PER_PARAMETER + " (each word is a term,"
                + " and each Chinese or Japanese character, symbol or emoji one of its own; OpenSearch refuses a query of more than "
                + OPENSEARCH_MAX_CLAUSES + " terms and filters): search for fewer words");
        }
        return value;
    }

    private static int runTerms(int chars) {
        return (chars + MAX_TOKEN_CHARS - 1) / MAX_TOKEN_CHARS;
    }

    private static boolean standsAlone(int codePoint) {
        if (Character.isIdeographic(codePoint) || Character.getType(codePoint) == Character.OTHER_SYMBOL) {
            return true;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
            || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    private static boolean inWord(int codePoint) {
        int type = Character.getType(codePoint);
        return Character.isLetterOrDigit(codePoint) || type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
            || type == Character.ENCLOSING_MARK;
    }
}
