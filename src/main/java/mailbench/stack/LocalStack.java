package mailbench.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import mailbench.facade.FacadeConfig;
import mailbench.loader.CorpusLoader;
import mailbench.loader.OpenSearchAdmin;
import mailbench.loader.SearchWarmer;

/**
 * The whole local stack of a run: a real OpenSearch node and the facade, each in its own JVM,
 * and the corpus loaded through the facade. Closing it stops both JVMs by PID and deletes the
 * node's data, also when the run is interrupted (the caller closes it from a shutdown hook).
 */
public final class LocalStack implements AutoCloseable {

    private static final Duration FACADE_START = Duration.ofMinutes(1);

    private final EmbeddedNode node;
    private final ChildJvm facade;
    private final URI facadeUrl;
    private final Path workDir;

    private LocalStack(EmbeddedNode node, ChildJvm facade, URI facadeUrl, Path workDir) {
        this.node = node;
        this.facade = facade;
        this.facadeUrl = facadeUrl;
        this.workDir = workDir;
    }

    public static LocalStack start(StackOptions options, Consumer<String> progress) throws IOException, InterruptedException {
        EmbeddedNode node = EmbeddedNode.start(options.opensearchVersion(), options.opensearchHeap(), options.workDir(), progress);
        ChildJvm facade = null;
        try {
            List<String> facadeArgs = new ArrayList<>(List.of("facade", "--opensearch", node.url().toString(),
                "--port", "0", "--ready-file", "{ready}", "--parent-pid", Long.toString(ProcessHandle.current().pid())));
            facadeArgs.addAll(options.facadeArgs());
            facade = ChildJvm.start("facade",
                List.of("-Xms" + options.facadeHeap(), "-Xmx" + options.facadeHeap(),
                    // exact stacks for the profiler, at no measurable cost
                    "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints"),
                AppClasspath.runtime(), "mailbench.cli.MailbenchMain", facadeArgs, options.workDir());
            URI facadeUrl = URI.create(facade.awaitReady(FACADE_START).get("url").asText());
            progress.accept("facade is up at " + facadeUrl + " (pid " + facade.pid() + ")");
            LocalStack stack = new LocalStack(node, facade, facadeUrl, options.workDir());
            if (options.loadCorpus()) {
                new CorpusLoader(facadeUrl, progress).load(options.corpus());
                // one segment, like a settled production index: query times no longer depend on merge timing
                progress.accept("force-merging the index");
                OpenSearchAdmin.forceMerge(node.url(), FacadeConfig.DEFAULT_INDEX);
                if (options.feeders() != null) {
                    progress.accept("warming the search path: " + StackOptions.SEARCH_WARM_UP.toSeconds()
                        + " s of the feeders' requests, a few at a time");
                    new SearchWarmer(facadeUrl, progress).warm(options.feeders(), StackOptions.SEARCH_WARM_UP);
                }
            }
            return stack;
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (facade != null) {
                facade.close();
            }
            node.close();
            throw e;
        }
    }

    public URI facadeUrl() {
        return facadeUrl;
    }

    public URI opensearchUrl() {
        return node.url();
    }

    public long facadePid() {
        return facade.pid();
    }

    public long nodePid() {
        return node.pid();
    }

    /** Keeps the JVMs' logs with the run (the node's data is not kept). */
    public void copyLogsTo(Path dir) {
        Files2.copyLogs(workDir, dir);
    }

    /** Stops the facade, then the node, and removes the node's data (it is rebuilt from the seed on every run). */
    @Override
    public void close() {
        facade.close();
        node.close();
    }
}
