package mailbench.costs;

import java.util.List;
import java.util.Map;

/**
 * The source file and line of a site's frame, in the repository that owns it, so a row of the cost table can be looked up
 * (and reported) as is: {@code opensearch-java v2.26.0 java-client/src/main/java/.../HttpEntityAsyncEntityProducer.java:44}.
 * The version is the run's where the run records it (opensearch-java); the HTTP clients' are those the client line pins.
 */
final class UpstreamSource {

    private record Home(String classPrefix, String repository, String sourceRoot) {
    }

    /** Most specific first. */
    private static final List<Home> HOMES = List.of(
        new Home("mailbench/", "mailbench", "src/main/java/"),
        new Home("org/opensearch/client/opensearch/", "opensearch-java", "java-client/src/main/java/"),
        new Home("org/opensearch/client/json/", "opensearch-java", "java-client/src/main/java/"),
        new Home("org/opensearch/client/util/", "opensearch-java", "java-client/src/main/java/"),
        new Home("org/opensearch/client/transport/", "opensearch-java", "java-client/src/main/java/"),
        new Home("org/opensearch/client/", "OpenSearch (low-level REST client)", "client/rest/src/main/java/"),
        new Home("org/apache/hc/client5/", "httpcomponents-client", "httpclient5/src/main/java/"),
        new Home("org/apache/hc/core5/http2/", "httpcomponents-core", "httpcore5-h2/src/main/java/"),
        new Home("org/apache/hc/core5/", "httpcomponents-core", "httpcore5/src/main/java/"),
        new Home("org/apache/http/impl/nio/client/", "httpcomponents-asyncclient 4", "httpasyncclient/src/main/java/"),
        new Home("org/apache/http/", "httpcomponents-core 4", "httpcore-nio/src/main/java/"),
        new Home("org/eclipse/parsson/", "parsson", "impl/src/main/java/"),
        new Home("jakarta/json/", "jakarta.json-api", "api/src/main/java/"));

    private UpstreamSource() {
    }

    /** The site's file and line, or empty for the runtime's frames (the JDK, Netty, Vert.x: not the client's to fix). */
    static String of(CostSite site, Map<String, String> versions) {
        if (site.part() == CostPart.RUNTIME) {
            return "";
        }
        String frame = site.frame();
        int colon = frame.lastIndexOf(':');
        String line = colon > 0 && frame.substring(colon + 1).chars().allMatch(Character::isDigit) ? frame.substring(colon + 1) : "";
        String method = colon > 0 && !line.isEmpty() ? frame.substring(0, colon) : frame;
        int dot = method.lastIndexOf('.');
        String className = dot > 0 ? method.substring(0, dot) : method;
        int nested = className.indexOf('$');
        String topLevel = nested > 0 ? className.substring(0, nested) : className;
        for (Home home : HOMES) {
            if (topLevel.startsWith(home.classPrefix())) {
                String version = "opensearch-java".equals(home.repository()) ? versions.getOrDefault("opensearchJava", "") : "";
                return home.repository() + (version.isEmpty() ? "" : " v" + version) + " " + home.sourceRoot() + topLevel + ".java"
                    + (line.isEmpty() ? "" : ":" + line);
            }
        }
        return "";
    }
}
