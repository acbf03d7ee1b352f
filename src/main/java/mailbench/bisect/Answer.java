package mailbench.bisect;

import java.util.Locale;

/** What a bisection step says of the commit it tested: like the good end, like the bad end, or neither yet. */
public enum Answer {
    SAME, DIFFERENT, UNKNOWN;

    /** As bisect.json and the progress lines have it. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
