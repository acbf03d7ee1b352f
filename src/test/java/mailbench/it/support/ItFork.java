package mailbench.it.support;

/**
 * Which of the suite's parallel test JVMs this is (failsafe's fork number; pom.xml's {@code it.forks} and {@code it.fork}):
 * what one JVM keeps for all its test classes, a node or a toxiproxy-server, lives in a folder of that fork's own.
 */
public final class ItFork {

    /** Set by failsafe for each fork, "fork" and its number; absent when a test runs from an IDE, which is one JVM. */
    static final String PROPERTY = "it.fork";

    private ItFork() {
    }

    /** "-" and the fork's number, or nothing in a JVM failsafe did not number. */
    static String suffix() {
        String number = System.getProperty(PROPERTY, "").strip().replaceFirst("^fork", "");
        return number.matches("[0-9]+") ? "-" + number : "";
    }
}
