package mailbench.access;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * OpenSearch URLs as an operator gives them: one or several ({@code ,}-separated), http or
 * https, never with credentials inside (they would end up in logs, process lists and run.json).
 */
public final class OpenSearchUrls {

    private static final Pattern USER_INFO = Pattern.compile("(?<=://)[^/@]*@");

    private OpenSearchUrls() {
    }

    /** Parses {@code value} (comma-separated URLs); {@code option} names the option or property in messages. */
    public static List<URI> parse(String value, String option) {
        List<URI> urls = new ArrayList<>();
        for (String part : value.split(",")) {
            if (!part.isBlank()) {
                urls.add(parseOne(part.strip(), option));
            }
        }
        if (urls.isEmpty()) {
            throw new IllegalArgumentException(option + " needs at least one http(s)://host:port URL");
        }
        return List.copyOf(urls);
    }

    static URI parseOne(String value, String option) {
        URI uri;
        try {
            uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri != null) {
            requireNoCredentials(uri, option);
        }
        if (uri == null || uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
            throw new IllegalArgumentException(option + " must be an http(s)://host:port URL, got '" + mask(value) + "'");
        }
        return uri;
    }

    /** Refuses {@code https://user:pass@host}, naming the right way to give credentials. */
    public static void requireNoCredentials(URI uri, String option) {
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException(option + " must not carry credentials in the URL ('" + mask(uri.toString())
                + "'): they would show in logs, process lists and run.json; " + Credentials.HOW + " ("
                + OpenSearchAccess.CREDENTIALS_OPTION + " for the facade)");
        }
    }

    /** The text with any {@code user:password@} of a URL in it replaced by {@code ***@}. */
    public static String mask(String text) {
        return text == null ? null : USER_INFO.matcher(text).replaceAll("***@");
    }
}
