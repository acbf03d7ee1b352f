package mailbench.nightly;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.corpus.CorpusSpec;
import mailbench.errors.ToolError;
import mailbench.knobs.Knobs;
import mailbench.stack.LocalStack;
import mailbench.stack.NodeJdk;
import mailbench.stack.NodeJit;
import mailbench.stack.StackOptions;

/**
 * The node a night's runs share: an embedded node started once, the night's corpus loaded and force-merged through a
 * facade that then stops, and every run of the night starting only its own facade against it
 * ({@code -Dmailbench.stack.opensearch}). The thing under test is the facade; a node and a corpus per run cost minutes
 * and add a node's start-up luck to every run. Stopped, with its data, when the night ends.
 */
final class NightNode implements AutoCloseable {

    private final LocalStack stack;

    private NightNode(LocalStack stack) {
        this.stack = stack;
    }

    /** The node the night's -D properties describe (version, heap, JDK, JIT, corpus); bad values are ToolErrors naming them. */
    static NightNode start(Path workDir, Map<String, String> properties, Consumer<String> say) throws IOException, InterruptedException {
        String version = properties.getOrDefault(Knobs.OPENSEARCH_VERSION.name(), StackOptions.DEFAULT_OPENSEARCH_VERSION);
        NodeJdk jdk = NodeJdk.resolve(properties.getOrDefault(Knobs.OPENSEARCH_JAVA_HOME.name(), ""), System.getenv(),
            "-D" + Knobs.OPENSEARCH_JAVA_HOME.name());
        jdk.requireFor(version);
        StackOptions options = new StackOptions(workDir.toAbsolutePath(), version,
            properties.getOrDefault(Knobs.OPENSEARCH_HEAP.name(), StackOptions.DEFAULT_OPENSEARCH_HEAP), StackOptions.DEFAULT_FACADE_HEAP,
            null, List.of(), List.of(), corpus(properties), true, null, false, null, jdk).withOpensearchJit(jit(properties));
        say.accept("starting the night's node and loading its corpus (" + workDir + ")");
        LocalStack stack = LocalStack.start(options, say);
        stack.stopFacade();
        say.accept("the night's node is ready at " + stack.opensearchUrl() + " (pid " + stack.nodePid() + ")");
        return new NightNode(stack);
    }

    /** -Dmailbench.opensearch.jit of the night (the JVM's default unless given). */
    static NodeJit jit(Map<String, String> properties) {
        try {
            return NodeJit.parse(properties.getOrDefault(Knobs.OPENSEARCH_JIT.name(), Knobs.OPENSEARCH_JIT.defaultValue()),
                "-D" + Knobs.OPENSEARCH_JIT.name());
        } catch (IllegalArgumentException e) {
            throw new ToolError(e.getMessage());
        }
    }

    static CorpusSpec corpus(Map<String, String> properties) {
        try {
            return new CorpusSpec(Long.parseLong(properties.getOrDefault(CorpusSpec.SEED_KNOB, "" + CorpusSpec.DEFAULT_SEED)),
                Integer.parseInt(properties.getOrDefault(CorpusSpec.MESSAGES_KNOB, "" + CorpusSpec.DEFAULT_MESSAGES)),
                Integer.parseInt(properties.getOrDefault(CorpusSpec.USERS_KNOB, "" + CorpusSpec.DEFAULT_USERS)),
                Integer.parseInt(properties.getOrDefault(CorpusSpec.ATTACHMENT_TEXT_KNOB, "0")));
        } catch (NumberFormatException e) {
            throw new ToolError("the corpus -D properties (" + CorpusSpec.SEED_KNOB + ", " + CorpusSpec.MESSAGES_KNOB + ", "
                + CorpusSpec.USERS_KNOB + ", " + CorpusSpec.ATTACHMENT_TEXT_KNOB + ") must be whole numbers: " + e.getMessage());
        }
    }

    URI url() {
        return stack.opensearchUrl();
    }

    long pid() {
        return stack.nodePid();
    }

    @Override
    public void close() {
        stack.close();
    }
}
