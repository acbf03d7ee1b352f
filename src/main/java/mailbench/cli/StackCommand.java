package mailbench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import mailbench.corpus.CorpusSpec;
import mailbench.run.Feeders;
import mailbench.run.Variant;
import mailbench.stack.LocalStack;
import mailbench.stack.StackOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench stack}: embedded OpenSearch + facade + corpus, until Ctrl-C. */
@Command(name = "stack", mixinStandardHelpOptions = true,
    description = "Start a real embedded OpenSearch and the facade on loopback, load the corpus, run until Ctrl-C.")
final class StackCommand implements Callable<Integer> {

    @Option(names = "--work-dir", description = "Where the node's data and the logs go (default: ${DEFAULT-VALUE})",
        defaultValue = "target/mailbench-stack")
    Path workDir;

    @Option(names = "--opensearch-version", description = "Embedded OpenSearch version (default: ${DEFAULT-VALUE})",
        defaultValue = StackOptions.DEFAULT_OPENSEARCH_VERSION)
    String opensearchVersion;

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
        StackOptions options = new StackOptions(workDir.toAbsolutePath(), opensearchVersion, opensearchHeap, facadeHeap,
            facadeVariant.opensearchJava(), List.of(), facadeVariant.facadeArgs(), spec, !noCorpus, noCorpus ? null : Feeders.forCorpus(spec), true);
        LocalStack stack = LocalStack.start(options, line -> System.out.println("[stack] " + line));
        CountDownLatch stopped = ChildOptions.onShutdown(() -> {
            System.out.println("[stack] stopping");
            stack.close();
        }, "stack-shutdown");
        System.out.println("facade: " + stack.facadeUrl());
        System.out.println("opensearch: " + stack.opensearchUrl());
        stack.profiler().ifPresentOrElse(
            profiler -> System.out.println("profiler: " + profiler.url() + " (token in " + profiler.tokenFile() + ")"),
            () -> System.out.println("profiler: none (" + stack.profilerProblem() + ")"));
        System.out.println("Ready. Try: curl '" + stack.facadeUrl() + "/health'   (Ctrl-C stops its JVMs)");
        stopped.await();
        return 0;
    }
}
