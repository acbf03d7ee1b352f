package mailbench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import mailbench.stack.EmbeddedNode;
import mailbench.stack.NodeJdk;
import mailbench.stack.NodeSecurity;
import mailbench.stack.StackOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code mailbench node}: the embedded OpenSearch node alone, on loopback, until Ctrl-C; with {@code --tls-cert} it runs
 * OpenSearch's security plugin (TLS, internal users, roles), a secured cluster on one machine to rehearse staging against.
 */
@Command(name = "node", mixinStandardHelpOptions = true,
    description = "Start the embedded OpenSearch node alone on 127.0.0.1, until Ctrl-C; with --tls-cert, --tls-key, --tls-ca and --user"
        + " it runs OpenSearch's security plugin (HTTPS, basic auth, the roles mailbench ships), a secured cluster to rehearse"
        + " staging against.")
final class NodeCommand implements Callable<Integer> {

    @Option(names = "--opensearch-version", description = "OpenSearch version; with the security plugin one whose plugin is on Maven"
        + " Central, e.g. 2.19.3 (default: ${DEFAULT-VALUE})", defaultValue = StackOptions.DEFAULT_OPENSEARCH_VERSION)
    String version;

    @Option(names = "--opensearch-java-home", description = "JDK home the node runs on (default: $" + NodeJdk.ENV
        + ", else the JDK running mailbench)")
    String javaHome;

    @Option(names = "--heap", description = "Node heap (default: ${DEFAULT-VALUE})", defaultValue = StackOptions.DEFAULT_OPENSEARCH_HEAP)
    String heap;

    @Option(names = "--port", description = "HTTP port, or the range whose first free port it takes (default: ${DEFAULT-VALUE})",
        defaultValue = EmbeddedNode.DEFAULT_PORTS)
    String port;

    @Option(names = "--work-dir", description = "Where its data (deleted at the end) and logs go (default: ${DEFAULT-VALUE})",
        defaultValue = "target/mailbench-node")
    Path workDir;

    @Option(names = "--tls-cert", description = "The node's certificate, PEM (for HTTP and transport; it must list 127.0.0.1):"
        + " runs the security plugin (default: none, plain HTTP without users)")
    Path tlsCert;

    @Option(names = "--tls-key", description = "Its private key, PEM, unencrypted PKCS#8")
    Path tlsKey;

    @Option(names = "--tls-ca", description = "The CA that signed it, PEM")
    Path tlsCa;

    @Option(names = "--user", description = "A file of one line username:password: an internal user of the security plugin"
        + " (repeatable)")
    List<Path> users;

    @Option(names = "--roles", description = "The security plugin's roles.yml (default: the one mailbench ships, role mailbench)")
    Path roles;

    @Option(names = "--roles-mapping", description = "Its roles_mapping.yml (default: the one mailbench ships, user mailbench)")
    Path rolesMapping;

    @Override
    public Integer call() throws Exception {
        NodeSecurity security = security();
        NodeJdk jdk = NodeJdk.resolve(javaHome, System.getenv(), "--opensearch-java-home");
        jdk.requireFor(version);
        EmbeddedNode node = EmbeddedNode.start(version, jdk, heap, workDir.toAbsolutePath(), port, security,
            line -> System.out.println("[node] " + line));
        CountDownLatch stopped = ChildOptions.onShutdown(() -> {
            System.out.println("[node] stopping");
            node.close();
        }, "node-shutdown");
        System.out.println("opensearch: " + node.url() + (security == null ? " (plain HTTP, no users)"
            : " (security plugin: HTTPS with the CA " + security.ca() + ", " + security.users().size() + " internal user(s))"));
        System.out.println("Ready. Ctrl-C stops it and deletes its data.");
        stopped.await();
        return 0;
    }

    /** The security plugin's setup, or null without --tls-cert; incomplete options are exit 2 here. */
    private NodeSecurity security() {
        boolean any = tlsCert != null || tlsKey != null || tlsCa != null || users != null || roles != null || rolesMapping != null;
        if (!any) {
            return null;
        }
        if (tlsCert == null || tlsKey == null || tlsCa == null) {
            throw new IllegalArgumentException("the security plugin needs --tls-cert, --tls-key and --tls-ca together (and --user)");
        }
        return new NodeSecurity(tlsCert, tlsKey, tlsCa, roles, rolesMapping, users == null ? List.of() : users);
    }
}
