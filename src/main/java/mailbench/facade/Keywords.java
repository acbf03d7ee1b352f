package mailbench.facade;

import java.nio.charset.StandardCharsets;

/**
 * OpenSearch refuses a whole document when one keyword value is longer than Lucene's term limit
 * ("immense term", a 400 for the document): refused here first, naming the field.
 */
final class Keywords {

    /** Lucene's IndexWriter.MAX_TERM_LENGTH, in UTF-8 bytes. */
    static final int MAX_BYTES = 32_766;

    private Keywords() {
    }

    static String require(String field, String value) {
        // 3 bytes a UTF-16 char at most: only long values need counting
        if (value.length() * 3L > MAX_BYTES) {
            int bytes = value.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_BYTES) {
                throw new BadRequest(field + " is " + bytes + " bytes in UTF-8; at most " + MAX_BYTES
                    + " (OpenSearch's limit for one keyword term)");
            }
        }
        return value;
    }
}
