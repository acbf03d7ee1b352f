package mailbench.it.support;

import java.net.URI;
import java.nio.file.Path;

import mailbench.stack.EmbeddedNode;
import mailbench.stack.StackOptions;

/**
 * One real embedded OpenSearch node for each integration-test JVM (a fork of the suite, {@link ItFork}), stopped when the
 * JVM ends.
 */
public final class SharedNode {

    private static EmbeddedNode node;

    private SharedNode() {
    }

    public static synchronized URI url() throws Exception {
        if (node == null) {
            node = EmbeddedNode.start(StackOptions.DEFAULT_OPENSEARCH_VERSION, "512m",
                Path.of("target", "it-node" + ItFork.suffix()).toAbsolutePath(), line -> System.out.println("[it-node] " + line));
            Runtime.getRuntime().addShutdownHook(new Thread(node::close, "it-node-stop"));
        }
        return node.url();
    }
}
