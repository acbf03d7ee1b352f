package mailbench.node;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.opensearch.http.HttpServerTransport;
import org.opensearch.plugins.Plugin;

import mailbench.stack.ChildSignals;

/**
 * Runs one embedded OpenSearch node in its own JVM (started by {@code mailbench.stack.LocalStack}).
 *
 * <p>Arguments: {@code <home-dir> <http-port-range> <ready-file> [parent-pid]}. When the node
 * answers HTTP it writes its URL and PID to the ready file (atomically); it stops on SIGTERM
 * and by itself when the parent process is gone, so no node outlives its run. A system property
 * {@code -Dmailbench.node.setting.<setting>=<value>} sets or replaces one node setting: the node image binds with
 * {@code -Dmailbench.node.setting.network.host=0.0.0.0}, as a container must to be reached from outside it.
 *
 * <p>Its classpath is OpenSearch's own (resolved by {@code NodeClasspath}), never the facade's:
 * OpenSearch 2.x needs Netty 4.1, Gatling and the facade use 4.2. One source runs 2.x and 3.x servers: what differs
 * between them is in {@link NodePlugins}.
 */
public final class EmbeddedNodeMain {

    /** System properties that set node settings. */
    static final String SETTING_PREFIX = "mailbench.node.setting.";
    /** Plugin classes to load besides Netty's, comma-separated (their jars must be on the classpath). */
    public static final String PLUGINS_PROPERTY = "mailbench.node.plugins";
    /** Credentials files ({@code username:password}) of the security plugin's internal users, path-separator-separated. */
    public static final String USERS_PROPERTY = "mailbench.node.internalUsers";
    /** {@code https} when the node serves HTTP over TLS (the URL it reports). */
    public static final String SCHEME_PROPERTY = "mailbench.node.scheme";

    private EmbeddedNodeMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: EmbeddedNodeMain <home-dir> <http-port-range> <ready-file> [parent-pid]");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        String httpPorts = args[1];
        Path readyFile = Path.of(args[2]).toAbsolutePath();
        Files.createDirectories(home.resolve("config"));
        Files.createDirectories(home.resolve("data"));
        Files.createDirectories(home.resolve("logs"));

        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("cluster.name", "mailbench");
        settings.put("node.name", "mailbench-node");
        settings.put("path.home", home.toString());
        settings.put("path.data", home.resolve("data").toString());
        settings.put("path.logs", home.resolve("logs").toString());
        settings.put("network.host", "127.0.0.1");
        settings.put("http.port", httpPorts);
        settings.put("transport.port", "19300-19399");
        settings.put("discovery.type", "single-node");
        // a full developer disk must not flip the index to read-only in the middle of a run
        settings.put("cluster.routing.allocation.disk.threshold_enabled", "false");
        // a shard that took no write for this long is flushed once ("flush on idle"). At the default 5 min that flush
        // fell ~265 s into the default run, inside its measured phase; at 10 s it happens while the search path warms
        // up, so the measured phase holds no flush (it was not what stalls the default run at ~270 s: that stayed)
        settings.put("indices.memory.shard_inactive_time", "10s");
        settings.putAll(overrides(System.getProperties()));

        // a secured node (mailbench.stack.NodeSecurity): the security plugin's class, its users, and HTTPS
        List<Class<? extends Plugin>> plugins = new ArrayList<>(List.of(NodePlugins.nettyPlugin()));
        plugins.addAll(NodePlugins.named(System.getProperty(PLUGINS_PROPERTY, "")));
        String users = System.getProperty(USERS_PROPERTY, "");
        if (!users.isEmpty()) {
            InternalUsers.write(home.resolve("config").resolve("opensearch-security").resolve("internal_users.yml"),
                Arrays.stream(users.split(File.pathSeparator)).map(Path::of).toList());
        }
        String scheme = System.getProperty(SCHEME_PROPERTY, "http");

        MailbenchNode node = new MailbenchNode(settings, NodePlugins.classpathPlugins(plugins), home.resolve("config"));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                node.close();
            } catch (IOException | RuntimeException e) {
                System.err.println("node close failed: " + e);
            }
            stopped.countDown();
        }, "node-shutdown"));
        if (args.length > 3) {
            ChildSignals.exitWhenGone(Long.parseLong(args[3]), 0);
        }

        node.start();
        int port = node.injector().getInstance(HttpServerTransport.class).boundAddress().publishAddress().getPort();
        ChildSignals.writeReady(readyFile, scheme + "://127.0.0.1:" + port);
        System.out.println("opensearch: " + scheme + "://127.0.0.1:" + port);
        stopped.await();
    }

    /** The node settings given as {@code mailbench.node.setting.<setting>} system properties, prefix removed. */
    static Map<String, String> overrides(java.util.Properties properties) {
        Map<String, String> overrides = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(SETTING_PREFIX) && name.length() > SETTING_PREFIX.length()) {
                overrides.put(name.substring(SETTING_PREFIX.length()), properties.getProperty(name));
            }
        }
        return overrides;
    }

}
