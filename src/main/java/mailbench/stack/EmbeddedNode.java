package mailbench.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A real OpenSearch node in its own JVM, bound to 127.0.0.1 on the first free port of 9200-9299,
 * with its data under {@code workDir}. Used by the local stack and by the integration tests.
 */
public final class EmbeddedNode implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    /** The node's GC and safepoint log, kept with the run's logs. */
    public static final String GC_LOG = "opensearch-gc.log";
    /** Where a node listens unless told: the first free port of these. */
    public static final String DEFAULT_PORTS = "9200-9299";

    private final ChildJvm jvm;
    private final URI url;
    private final Path home;
    private final NodeJdk jdk;

    private EmbeddedNode(ChildJvm jvm, URI url, Path home, NodeJdk jdk) {
        this.jvm = jvm;
        this.url = url;
        this.home = home;
        this.jdk = jdk;
    }

    public static EmbeddedNode start(String version, String heap, Path workDir, Consumer<String> progress)
        throws IOException, InterruptedException {
        return start(version, heap, workDir, DEFAULT_PORTS, progress);
    }

    /** The same on the first free port of {@code ports} ("9200-9299", or one port: a node restarted where its clients look). */
    public static EmbeddedNode start(String version, String heap, Path workDir, String ports, Consumer<String> progress)
        throws IOException, InterruptedException {
        return start(version, NodeJdk.current(), heap, workDir, ports, progress);
    }

    /** The same on the JDK {@code jdk}; an OpenSearch that JDK cannot run is refused before anything is resolved or started. */
    public static EmbeddedNode start(String version, NodeJdk jdk, String heap, Path workDir, String ports, Consumer<String> progress)
        throws IOException, InterruptedException {
        return start(version, jdk, heap, workDir, ports, null, progress);
    }

    /** The same with OpenSearch's security plugin set up as {@code security} says (null: a plain node, HTTP without users). */
    public static EmbeddedNode start(String version, NodeJdk jdk, String heap, Path workDir, String ports, NodeSecurity security,
                                     Consumer<String> progress) throws IOException, InterruptedException {
        return start(version, jdk, NodeJit.TIERED, heap, workDir, ports, security, progress);
    }

    /** The same with the JVM's compilers {@code jit} chooses (the product's runs: {@link NodeJit#TIERED}). */
    public static EmbeddedNode start(String version, NodeJdk jdk, NodeJit jit, String heap, Path workDir, String ports,
                                     NodeSecurity security, Consumer<String> progress) throws IOException, InterruptedException {
        jdk.requireFor(version);
        Path home = workDir.resolve("opensearch-home");
        progress.accept("resolving OpenSearch " + version + " (the first run downloads it from Maven Central)");
        List<Path> classpath = new ArrayList<>(NodeClasspath.resolve(version));
        List<String> secured = List.of();
        if (security != null) {
            progress.accept("resolving OpenSearch's security plugin " + version + " and writing its configuration");
            NodeSecurity.Prepared prepared = security.prepare(version, classpath, workDir, home.resolve("config"));
            // before mailbench's own classes: the plugin's libraries (Jackson...) must win over those mailbench.jar lists
            classpath.addAll(prepared.jars());
            secured = prepared.jvmOptions();
        }
        classpath.add(AppClasspath.codeLocation());
        progress.accept("starting OpenSearch " + version + " on JDK " + jdk.version() + " (log: " + workDir.resolve("opensearch.log") + ")");
        List<String> jvmOptions = new ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+UseG1GC",
                // as the distribution's jvm.options: G1 tuned for a search node, every pause and safepoint in a GC log
                "-XX:G1ReservePercent=25", "-XX:InitiatingHeapOccupancyPercent=30",
                GcLog.option(workDir.resolve(GC_LOG)),
                "-Dlog4j2.configurationFile=classpath:log4j2-node.properties",
                "-Dmailbench.node.log=" + workDir.resolve("opensearch-node.log"),
                "-Dlog4j2.disable.jmx=true", "-Djava.awt.headless=true"));
        jvmOptions.addAll(jit.jvmOptions());
        jvmOptions.addAll(secured);
        ChildJvm jvm = ChildJvm.start("opensearch", jdk.java(), jvmOptions,
            classpath, "mailbench.node.EmbeddedNodeMain",
            List.of(home.toString(), ports, "{ready}", Long.toString(ProcessHandle.current().pid())), workDir);
        try {
            URI url = URI.create(jvm.awaitReady(START_TIMEOUT).get("url").asText());
            if (security != null) {
                progress.accept("waiting for the security plugin to set up its users and roles");
                security.awaitInitialised(url, START_TIMEOUT);
            }
            progress.accept("OpenSearch is up at " + url + " (pid " + jvm.pid() + ")");
            return new EmbeddedNode(jvm, url, home, jdk);
        } catch (IOException | InterruptedException | RuntimeException e) {
            jvm.close();
            throw e;
        }
    }

    public URI url() {
        return url;
    }

    public long pid() {
        return jvm.pid();
    }

    /** The JDK the node runs on. */
    public NodeJdk jdk() {
        return jdk;
    }

    /** Stops the node and deletes its data. */
    @Override
    public void close() {
        jvm.close();
        Files2.deleteRecursively(home);
    }
}
