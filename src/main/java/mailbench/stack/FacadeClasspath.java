package mailbench.stack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The facade's classpath, with another opensearch-java swapped in when a variant asks for one.
 * The facade is compiled against the pinned version and uses only API that 2.2.0 also has, so
 * the same classes run on both; the variant's jar goes first, ahead of a jar whose manifest still
 * lists the pinned one (running from mailbench.jar).
 */
public final class FacadeClasspath {

    static final String CLIENT = "org.opensearch.client:opensearch-java";

    private FacadeClasspath() {
    }

    /** {@code opensearchJava} null keeps the pinned version. */
    public static List<Path> of(String opensearchJava) {
        List<Path> runtime = AppClasspath.runtime();
        if (opensearchJava == null) {
            return runtime;
        }
        Map<String, MavenClasspath.ResolvedJar> resolved = MavenClasspath.resolve(List.of(CLIENT + ":" + opensearchJava));
        return swap(runtime, resolved.get(CLIENT).path());
    }

    static List<Path> swap(List<Path> runtime, Path clientJar) {
        List<Path> classpath = new ArrayList<>();
        classpath.add(clientJar);
        for (Path entry : runtime) {
            if (!entry.getFileName().toString().startsWith("opensearch-java-")) {
                classpath.add(entry);
            }
        }
        return classpath;
    }
}
