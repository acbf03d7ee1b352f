package mailbench.stack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** The classpath of an embedded OpenSearch node of a given server version. */
public final class NodeClasspath {

    private NodeClasspath() {
    }

    public static List<Path> resolve(String opensearchVersion) {
        Map<String, MavenClasspath.ResolvedJar> jars = MavenClasspath.resolve(List.of(
            "org.opensearch:opensearch:" + opensearchVersion,
            "org.opensearch.plugin:transport-netty4-client:" + opensearchVersion));
        // OpenSearch brings log4j-api only; the core must be the very same version (NoSuchMethodError otherwise)
        MavenClasspath.ResolvedJar log4jApi = jars.get("org.apache.logging.log4j:log4j-api");
        if (log4jApi == null) {
            throw new IllegalStateException("org.opensearch:opensearch:" + opensearchVersion + " did not bring log4j-api");
        }
        LinkedHashSet<Path> paths = new LinkedHashSet<>(MavenClasspath.paths(jars));
        paths.addAll(MavenClasspath.paths(MavenClasspath.resolve(
            List.of("org.apache.logging.log4j:log4j-core:" + log4jApi.version()))));
        return new ArrayList<>(paths);
    }
}
