package mailbench.facade;

import java.time.Instant;

/**
 * Instants the mail index's {@code date} field stores and reads back: years 0000 to 9999. Java reads
 * years of up to nine digits and writes those past 9999 with a sign ({@code +10000-01-01T00:00:00Z}),
 * which OpenSearch refuses as "failed to parse date field".
 */
final class Dates {

    static final Instant MIN = Instant.parse("0000-01-01T00:00:00Z");
    static final Instant MAX = Instant.parse("9999-12-31T23:59:59.999Z");

    private Dates() {
    }

    static Instant require(String field, Instant value) {
        if (value.isBefore(MIN) || value.isAfter(MAX)) {
            throw new BadRequest(field + " must be between " + MIN + " and " + MAX + " (what OpenSearch can store), got "
                + Snippet.of(value.toString()));
        }
        return value;
    }
}
