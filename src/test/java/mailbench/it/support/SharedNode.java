package mailbench.it.support;

import java.net.URI;
import java.nio.file.Path;

import mailbench.stack.EmbeddedNode;
import mailbench.stack.NodeJdk;
import mailbench.stack.NodeJit;
import mailbench.stack.StackOptions;

/**
 * One real embedded OpenSearch node for each integration-test JVM (a fork of the suite, {@link ItFork}), stopped when the
 * JVM ends; and the nodes of a test's own, started the same way.
 */
public final class SharedNode {

    /**
     * The suite's nodes compile with C1 only: no test measures a node, and in a fresh clone's build on the 2-core VM their
     * C2 compile threads took 182 of their 405 CPU seconds (docs/tests.adoc#suite-node-jit).
     */
    public static final NodeJit JIT = NodeJit.C1;
    private static final String HEAP = "512m";

    private static EmbeddedNode node;

    private SharedNode() {
    }

    public static synchronized URI url() throws Exception {
        if (node == null) {
            node = EmbeddedNode.start(StackOptions.DEFAULT_OPENSEARCH_VERSION, NodeJdk.current(), JIT, HEAP,
                Path.of("target", "it-node" + ItFork.suffix()).toAbsolutePath(), EmbeddedNode.DEFAULT_PORTS, null,
                line -> System.out.println("[it-node] " + line));
            Runtime.getRuntime().addShutdownHook(new Thread(node::close, "it-node-stop"));
        }
        return node.url();
    }

    /** A node of a test's own on {@code ports} (one port: a node the test stops and starts where its clients look). */
    public static EmbeddedNode startOwn(Path workDir, String ports) throws Exception {
        return EmbeddedNode.start(StackOptions.DEFAULT_OPENSEARCH_VERSION, NodeJdk.current(), JIT, HEAP, workDir, ports, null, line -> { });
    }
}
