package mailbench.facade;

import java.util.Locale;

/** Mail addresses are stored and matched in lower case, so From: Alice@Example.com finds alice@example.com. */
public final class Addresses {

    private Addresses() {
    }

    public static String normalize(String address) {
        return address.strip().toLowerCase(Locale.ROOT);
    }
}
