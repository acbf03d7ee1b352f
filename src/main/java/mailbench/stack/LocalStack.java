package mailbench.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import mailbench.access.OpenSearchHttp;
import mailbench.facade.FacadeConfig;
import mailbench.loader.CorpusLoader;
import mailbench.loader.OpenSearchAdmin;
import mailbench.loader.SearchWarmer;
import mailbench.profiler.SidecarToken;

/**
 * The whole local stack of a run: a real OpenSearch node and the facade, each in its own JVM,
 * and the corpus loaded through the facade. Closing it stops its JVMs by PID and deletes the
 * node's data, also when the run is interrupted (the caller closes it from a shutdown hook).
 * A profiler sidecar JVM beside the facade captures flame graphs when the run asks it to.
 */
public final class LocalStack implements AutoCloseable {

    private static final Duration FACADE_START = Duration.ofMinutes(1);
    /** async-profiler is extracted here once and reused: a JVM must always load the agent from the same path. */
    private static final Path PROFILER_LIBRARY = Path.of("target", "async-profiler");

    private static final Duration SIDECAR_START = Duration.ofSeconds(30);

    private final EmbeddedNode node;
    private final ChildJvm facade;
    private final URI facadeUrl;
    private final Path workDir;
    private ChildJvm sidecar;
    private Profiler profiler;
    private String profilerProblem = "not requested";

    /** The profiler sidecar of the stack: its control URL and the file that holds its token. */
    public record Profiler(URI url, Path tokenFile) {
    }

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
                facadeJvmArgs(options), FacadeClasspath.of(options.opensearchJava()), "mailbench.cli.MailbenchMain", facadeArgs,
                options.workDir());
            URI facadeUrl = URI.create(facade.awaitReady(FACADE_START).get("url").asText());
            progress.accept("facade is up at " + facadeUrl + " (pid " + facade.pid() + ")");
            LocalStack stack = new LocalStack(node, facade, facadeUrl, options.workDir());
            if (options.profilerSidecar()) {
                stack.startSidecar(progress);
            }
            if (options.loadCorpus()) {
                new CorpusLoader(facadeUrl, progress).load(options.corpus());
                // one segment, like a settled production index: query times no longer depend on merge timing
                progress.accept("force-merging the index");
                OpenSearchAdmin.forceMerge(OpenSearchHttp.plain(node.url()), FacadeConfig.DEFAULT_INDEX);
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

    private static List<String> facadeJvmArgs(StackOptions options) {
        List<String> args = new ArrayList<>(List.of("-Xms" + options.facadeHeap(), "-Xmx" + options.facadeHeap(),
            // exact stacks for the profiler, at no measurable cost
            "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints"));
        args.addAll(options.facadeJvmArgs());
        return args;
    }

    /**
     * The profiler sidecar, in its own JVM, pointed at the facade's PID; idle until the run starts a capture.
     * If it cannot start, the stack runs without it and says why: a profile is never worth a failed run.
     */
    private void startSidecar(Consumer<String> progress) {
        Path dir = workDir.resolve("profiler");
        ChildJvm started = null;
        try {
            Path tokenFile = workDir.resolve("profiler.token");
            SidecarToken.generate(tokenFile);
            started = ChildJvm.start("profiler", List.of("-Xmx256m"), AppClasspath.runtime(), "mailbench.cli.MailbenchMain",
                List.of("profiler", "serve", "--pid", Long.toString(facade.pid()), "--host", "127.0.0.1", "--port", "0",
                    "--out", dir.toString(), "--library-dir", PROFILER_LIBRARY.toAbsolutePath().toString(),
                    "--token-file", tokenFile.toString(), "--ready-file", "{ready}",
                    "--parent-pid", Long.toString(ProcessHandle.current().pid())),
                workDir);
            URI url = URI.create(started.awaitReady(SIDECAR_START).get("url").asText());
            sidecar = started;
            profiler = new Profiler(url, tokenFile);
            profilerProblem = null;
            progress.accept("profiler sidecar is up at " + url + " (pid " + started.pid() + ", profiles pid " + facade.pid() + ")");
        } catch (IOException | RuntimeException e) {
            profilerProblem = "the profiler sidecar did not start: " + e.getMessage();
            progress.accept(profilerProblem + " (the run goes on without a profile)");
            if (started != null) {
                started.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            profilerProblem = "interrupted while starting the profiler sidecar";
        }
    }

    public Optional<Profiler> profiler() {
        return Optional.ofNullable(profiler);
    }

    /** Why there is no sidecar, when there is none. */
    public String profilerProblem() {
        return profilerProblem;
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

    /** The stack's processes by role (opensearch, facade, and profiler when its sidecar runs). */
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("opensearch", node.pid());
        pids.put("facade", facade.pid());
        if (sidecar != null) {
            pids.put("profiler", sidecar.pid());
        }
        return pids;
    }

    /** Keeps the JVMs' logs with the run (the node's data is not kept). */
    public void copyLogsTo(Path dir) {
        Files2.copyLogs(workDir, dir);
    }

    /** Stops the facade, then the node, and removes the node's data (it is rebuilt from the seed on every run). */
    @Override
    public void close() {
        if (sidecar != null) {
            sidecar.close();
        }
        facade.close();
        node.close();
    }
}
