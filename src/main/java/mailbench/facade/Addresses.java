package mailbench.facade;

import java.util.Locale;

/** Mail addresses are stored and matched in lower case, so From: Alice@Example.com finds alice@example.com. */
public final class Addresses {

    private Addresses() {
    }

    public static String normalize(String address) {
        return address.strip().toLowerCase(Locale.ROOT);
    }

    /** One address, local@domain: no spaces, control characters or commas (lists are arrays, not strings). */
    public static String require(String field, String value) {
        int at = value.indexOf('@');
        boolean valid = value.length() <= 320 && at > 0 && at < value.length() - 1
            && value.chars().noneMatch(c -> c <= 0x20 || c == 0x7f || c == ',');
        if (!valid) {
            throw new BadRequest(field + " must be one mail address like alice@example.com, got '" + Snippet.of(value) + "'");
        }
        return normalize(value);
    }
}
