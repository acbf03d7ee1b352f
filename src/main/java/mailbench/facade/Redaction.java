package mailbench.facade;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Removes what an error body must not tell a client about the backend: URLs, host names with
 * ports, IP addresses and certificate subjects. The facade's log keeps them; its answers do not.
 */
public final class Redaction {

    private static final String DN_PART = "(?:CN|OU|O|L|ST|C|DC|EMAILADDRESS|UID|SERIALNUMBER)=[^,\\])]*";
    private static final List<Rule> RULES = List.of(
        new Rule(Pattern.compile("-----BEGIN [A-Z ]+-----[\\s\\S]*?(?:-----END [A-Z ]+-----|$)"), "<certificate>"),
        new Rule(Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s,;)\\]'\"]+"), "<url>"),
        new Rule(Pattern.compile("(?i)\\b" + DN_PART + "(?:,\\s*" + DN_PART + ")*"), "<certificate subject>"),
        // Java's "host/10.0.0.5:9200", then "host:9200", bare IPv4 and IPv6 addresses
        new Rule(Pattern.compile("\\b[\\w.-]+/(?:\\d{1,3}(?:\\.\\d{1,3}){3}|\\[?[0-9a-fA-F:]+\\]?)(?::\\d{1,5})?"), "<host>"),
        new Rule(Pattern.compile("(?i)\\b(?:localhost|[a-z0-9-]+(?:\\.[a-z0-9-]+)+):\\d{1,5}\\b"), "<host>"),
        new Rule(Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d{1,5})?\\b"), "<host>"),
        new Rule(Pattern.compile("\\[[0-9a-fA-F.]*:[0-9a-fA-F.]*:[0-9a-fA-F:.]*\\](?::\\d{1,5})?"), "<host>"),
        new Rule(Pattern.compile("\\b(?=[0-9a-fA-F:]*[0-9a-fA-F])(?:[0-9a-fA-F]{0,4}:){3,7}[0-9a-fA-F]{0,4}\\b"), "<host>"),
        // the JDK's "No subject alternative DNS name matching node1.staging found"
        new Rule(Pattern.compile("(?i)(matching (?:ip address |dns name )?)\\S+(?= found)"), "$1<host>"));

    private Redaction() {
    }

    public static String of(String message) {
        if (message == null) {
            return null;
        }
        String redacted = message;
        for (Rule rule : RULES) {
            redacted = rule.pattern().matcher(redacted).replaceAll(rule.replacement());
        }
        return redacted;
    }

    private record Rule(Pattern pattern, String replacement) {
    }
}
