package mailbench.facade;

import java.util.regex.Pattern;

/** Mailbox and message ids: short, URL-safe, never containing the ':' of document ids. */
public final class Ids {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

    private Ids() {
    }

    public static String require(String name, String value) {
        if (value == null || !ID.matcher(value).matches()) {
            throw new BadRequest(name + " must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-', got '"
                + Snippet.of(value) + "'");
        }
        return value;
    }
}
