package mailbench.settings;

import static mailbench.settings.KnobReaders.url;

import java.net.URI;

import mailbench.knobs.Knobs;
import mailbench.stack.NodeJdk;
import mailbench.stack.NodeJit;

/**
 * The OpenSearch node: the version the local stack runs (and a run names), its heap, the JDK it runs on and its JIT, and
 * a running node the local stack uses instead of its own ({@code stackOpensearch}). {@code jdk} and {@code stackOpensearch}
 * are null against a target.
 */
public record NodeSettings(String version, String heap, NodeJdk jdk, NodeJit jit, URI stackOpensearch) {

    static NodeSettings read(boolean local) {
        String version = Knobs.OPENSEARCH_VERSION.value();
        NodeJit jit = NodeJit.parse(Knobs.OPENSEARCH_JIT.value(), "-D" + Knobs.OPENSEARCH_JIT.name());
        return new NodeSettings(version, Knobs.OPENSEARCH_HEAP.value(), local ? readJdk(version) : null, jit,
            local ? url(Knobs.STACK_OPENSEARCH) : null);
    }

    /** The local node's JDK; one that cannot run -Dmailbench.opensearch.version fails the run here, before anything starts. */
    private static NodeJdk readJdk(String version) {
        NodeJdk jdk = NodeJdk.resolve(Knobs.OPENSEARCH_JAVA_HOME.value(), System.getenv(), "-D" + Knobs.OPENSEARCH_JAVA_HOME.name());
        jdk.requireFor(version);
        return jdk;
    }
}
