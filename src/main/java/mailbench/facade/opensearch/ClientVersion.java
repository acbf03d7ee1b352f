package mailbench.facade.opensearch;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.opensearch.client.opensearch.OpenSearchClient;

/** Which opensearch-java this JVM runs: the jar carries no version in its manifest, its file name does. */
public final class ClientVersion {

    private static final Pattern JAR = Pattern.compile("opensearch-java-([0-9][^/]*?)\\.jar$");

    private ClientVersion() {
    }

    public static String opensearchJava() {
        try {
            String location = OpenSearchClient.class.getProtectionDomain().getCodeSource().getLocation().getPath();
            Matcher matcher = JAR.matcher(location);
            return matcher.find() ? matcher.group(1) : "unknown";
        } catch (RuntimeException e) {
            return "unknown";
        }
    }

    /** The major version of {@code version} (e.g. 3 for 3.9.0), 0 when it is not a version number. */
    static int major(String version) {
        Matcher matcher = Pattern.compile("([0-9]+)\\.").matcher(version);
        return matcher.lookingAt() ? Integer.parseInt(matcher.group(1)) : 0;
    }
}
