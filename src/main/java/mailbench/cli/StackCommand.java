package mailbench.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import mailbench.access.OpenSearchUrls;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.Backend;
import mailbench.run.Feeders;
import mailbench.settings.Variant;
import mailbench.stack.LocalStack;
import mailbench.stack.NodeJdk;
import mailbench.stack.StackOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench stack}: embedded OpenSearch (or an external one) + facade + corpus, until Ctrl-C. */
@Command(name = "stack", mixinStandardHelpOptions = true,
    description = "Start a real embedded OpenSearch (or use a running one, --opensearch) and the facade on loopback, load the corpus,"
        + " run until Ctrl-C.")
final class StackCommand implements Callable<Integer> {

    @Option(names = "--opensearch", description = "URL(s) of an OpenSearch that runs already, comma-separated or the option repeated:"
        + " no node is started, the facade uses it and the corpus goes into --index there (skipped when there already)"
        + " (default: none, start an embedded node)")
    List<String> opensearch;

    @Option(names = "--index", description = "The facade's index, on the embedded node or on --opensearch (default: ${DEFAULT-VALUE})",
        defaultValue = Backend.DEFAULT_INDEX)
    String index;

    @Option(names = "--replicas", description = "Replicas of the index when the facade creates it (default: ${DEFAULT-VALUE})",
        defaultValue = "" + Backend.DEFAULT_REPLICAS)
    int replicas;

    @Mixin
    OpenSearchAccessOptions access;

    @Option(names = "--work-dir", description = "Where the node's data and the logs go (default: ${DEFAULT-VALUE})",
        defaultValue = "target/mailbench-stack")
    Path workDir;

    @Option(names = "--opensearch-version", description = "Embedded OpenSearch version (default: ${DEFAULT-VALUE})",
        defaultValue = StackOptions.DEFAULT_OPENSEARCH_VERSION)
    String opensearchVersion;

    @Option(names = "--opensearch-java-home", description = "JDK home the embedded node runs on (OpenSearch 3.x needs 21+)"
        + " (default: $" + NodeJdk.ENV + ", else the JDK running mailbench)")
    String opensearchJavaHome;

    @Option(names = "--opensearch-heap", description = "Node heap (default: ${DEFAULT-VALUE})",
        defaultValue = StackOptions.DEFAULT_OPENSEARCH_HEAP)
    String opensearchHeap;

    @Option(names = "--facade-heap", description = "Facade heap (default: ${DEFAULT-VALUE})",
        defaultValue = StackOptions.DEFAULT_FACADE_HEAP)
    String facadeHeap;

    @Mixin
    CorpusOptions corpus;

    @Option(names = "--no-corpus", description = "Start with an empty index")
    boolean noCorpus;

    @Option(names = "--variant", description = "How the facade talks to OpenSearch, as -Dmailbench.variant (default: ${DEFAULT-VALUE})",
        defaultValue = "default")
    String variant;

    @Override
    public Integer call() throws Exception {
        CorpusSpec spec = corpus.spec();
        Variant facadeVariant = Variant.named(variant);
        StackOptions.External external = external();
        NodeJdk jdk = external == null ? nodeJdk() : NodeJdk.current();
        List<String> facadeArgs = new ArrayList<>(facadeVariant.facadeArgs());
        if (external != null) {
            facadeArgs.addAll(access.args());
        }
        StackOptions options = new StackOptions(workDir.toAbsolutePath(), opensearchVersion, opensearchHeap, facadeHeap,
            facadeVariant.opensearchJava(), List.of(), facadeArgs, spec, !noCorpus, noCorpus ? null : Feeders.forCorpus(spec), true, external,
            jdk).withIndex(index, replicas);
        LocalStack stack = LocalStack.start(options, line -> System.out.println("[stack] " + line));
        CountDownLatch stopped = ChildOptions.onShutdown(() -> {
            System.out.println("[stack] stopping");
            stack.close();
        }, "stack-shutdown");
        System.out.println("facade: " + stack.facadeUrl());
        System.out.println("opensearch: " + (external == null ? stack.opensearchUrl()
            : String.join(",", external.hosts().stream().map(URI::toString).toList()) + " (external, " + external.access().describe() + ")"));
        stack.profiler().ifPresentOrElse(
            profiler -> System.out.println("profiler: " + profiler.url() + " (token in " + profiler.tokenFile() + ")"),
            () -> System.out.println("profiler: none (" + stack.profilerProblem() + ")"));
        System.out.println("Ready. Try: curl '" + stack.facadeUrl() + "/health'   (Ctrl-C stops its JVMs)");
        stopped.await();
        return 0;
    }

    /** The JDK the embedded node runs on, refused here (exit 2) when it cannot run --opensearch-version. */
    private NodeJdk nodeJdk() {
        NodeJdk jdk = NodeJdk.resolve(opensearchJavaHome, System.getenv(), "--opensearch-java-home");
        jdk.requireFor(opensearchVersion);
        return jdk;
    }

    /** The OpenSearch given with --opensearch and its access, or null for an embedded node; bad options fail here (exit 2). */
    StackOptions.External external() {
        if (opensearch == null || opensearch.isEmpty()) {
            if (!access.args().isEmpty()) {
                throw new IllegalArgumentException(String.join(" ", access.args().stream().filter(a -> a.startsWith("--")).toList())
                    + " only go with --opensearch <URL>: the embedded node is plain http without credentials");
            }
            return null;
        }
        if (opensearchJavaHome != null) {
            throw new IllegalArgumentException("--opensearch-java-home only goes with the embedded node, not with --opensearch <URL>");
        }
        List<URI> hosts = OpenSearchUrls.parse(String.join(",", opensearch), "--opensearch");
        return new StackOptions.External(hosts, access.access(), index);
    }
}
