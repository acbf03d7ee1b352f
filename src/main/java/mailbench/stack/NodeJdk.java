package mailbench.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JDK an embedded node runs on: its home and its version. By default the JDK running mailbench; OpenSearch 3.x
 * needs 21+, which a JDK 17 build cannot give it, so a home of its own can be named (knob, option or environment).
 */
public record NodeJdk(Path home, String version) {

    /** Names the node's JDK home when no knob or option does. */
    public static final String ENV = "MAILBENCH_OPENSEARCH_JAVA_HOME";
    /** How a user names it, for messages (the knob; {@code mailbench stack} has the option). */
    public static final String HOW_TO_SET = "-Dmailbench.opensearch.javaHome=<a JDK 21+ home> (mailbench stack: --opensearch-java-home)"
        + " or $" + ENV;
    /** The first OpenSearch major that needs a newer JDK than 17, and which. */
    static final int OPENSEARCH_3 = 3;
    static final int JDK_FOR_OPENSEARCH_3 = 21;

    private static final Pattern RELEASE_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"([^\"]+)\"");
    private static final Pattern VERSION_OUTPUT = Pattern.compile("version \"([^\"]+)\"");
    private static final Pattern FEATURE = Pattern.compile("^(?:1\\.(?=\\d))?(\\d+)");

    public NodeJdk {
        if (feature(version) < 0) {
            throw new IllegalArgumentException("not a Java version: '" + version + "' (JDK home " + home + ")");
        }
    }

    /** The JDK running this process. */
    public static NodeJdk current() {
        return new NodeJdk(Path.of(System.getProperty("java.home")), System.getProperty("java.version"));
    }

    /**
     * The JDK home given by a knob or option ({@code configured}, named {@code setting} in messages), else by
     * {@code $MAILBENCH_OPENSEARCH_JAVA_HOME}, else the running one. A home without bin/java is refused, naming where it came from.
     */
    public static NodeJdk resolve(String configured, Map<String, String> env, String setting) {
        if (configured != null && !configured.isBlank()) {
            return at(Path.of(configured.strip()), setting);
        }
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return at(Path.of(fromEnv.strip()), "$" + ENV);
        }
        return current();
    }

    /** The JDK at {@code home}; {@code setting} names where it was given, for the error. */
    public static NodeJdk at(Path home, String setting) {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new IllegalArgumentException(setting + ": " + home + " has no bin/java; give the home of a JDK (the folder that holds"
                + " bin/java), e.g. what $JAVA_HOME names");
        }
        if (sameFile(home, Path.of(System.getProperty("java.home")))) {
            return current();
        }
        return new NodeJdk(home, versionOf(home, java, setting));
    }

    /** bin/java of this JDK. */
    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** The feature release (17, 21, 25). */
    public int feature() {
        return feature(version);
    }

    /** Refuses an OpenSearch this JDK cannot run, before anything starts: 3.x needs 21+. */
    public void requireFor(String opensearchVersion) {
        int minimum = minimumFeatureFor(opensearchVersion);
        if (feature() < minimum) {
            throw new IllegalArgumentException("OpenSearch " + opensearchVersion + " needs a JDK " + minimum + "+; the node would run on "
                + version + " (" + home + "): set " + HOW_TO_SET);
        }
    }

    /** The oldest JDK feature release that runs this OpenSearch version. */
    static int minimumFeatureFor(String opensearchVersion) {
        Matcher major = Pattern.compile("^(\\d+)\\.").matcher(opensearchVersion);
        return major.find() && Integer.parseInt(major.group(1)) >= OPENSEARCH_3 ? JDK_FOR_OPENSEARCH_3 : 11;
    }

    static int feature(String version) {
        Matcher m = version == null ? null : FEATURE.matcher(version);
        return m != null && m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** JAVA_VERSION of the home's release file (every JDK since 9 has one), else what {@code java -version} prints. */
    private static String versionOf(Path home, Path java, String setting) {
        try {
            Path release = home.resolve("release");
            if (Files.isRegularFile(release)) {
                Matcher m = RELEASE_VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
                if (m.find()) {
                    return m.group(1);
                }
            }
            Process process = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor(30, TimeUnit.SECONDS);
            Matcher m = VERSION_OUTPUT.matcher(output);
            if (m.find()) {
                return m.group(1);
            }
            throw new IllegalArgumentException(setting + ": " + java + " -version did not name a version: " + output.strip());
        } catch (IOException e) {
            throw new IllegalArgumentException(setting + ": could not read the version of the JDK at " + home + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the version of the JDK at " + home, e);
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
