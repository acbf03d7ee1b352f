package mailbench.facade;

import java.util.Map;
import java.util.regex.Pattern;

/** IMAP flags: system flags in their canonical spelling (\Seen), keywords as given. */
public final class Flags {

    private static final Map<String, String> SYSTEM = Map.of(
        "seen", "\\Seen", "answered", "\\Answered", "flagged", "\\Flagged", "draft", "\\Draft",
        "deleted", "\\Deleted", "recent", "\\Recent");
    /** Flags one message may carry, and so flags one search may require: each is a clause of the query. */
    public static final int MAX_PER_MESSAGE = 64;
    private static final Pattern KEYWORD = Pattern.compile("\\$?[A-Za-z0-9_-]{1,64}");

    private Flags() {
    }

    /** Accepts {@code seen}, {@code Seen} or {@code \Seen} for system flags; keywords like {@code $Junk}. */
    public static String normalize(String flag) {
        String bare = flag.startsWith("\\") ? flag.substring(1) : flag;
        String system = SYSTEM.get(bare.toLowerCase(java.util.Locale.ROOT));
        if (system != null) {
            return system;
        }
        if (!flag.startsWith("\\") && KEYWORD.matcher(flag).matches()) {
            return flag;
        }
        throw new BadRequest("unknown flag '" + Snippet.of(flag) + "'; use seen, answered, flagged, draft, deleted, recent"
            + " or a keyword of letters, digits, '_', '-' (optionally starting with '$')");
    }
}
