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

import mailbench.access.OpenSearchAccess;
import mailbench.facade.FacadeToken;
import mailbench.facadeclient.FacadeAccess;
import mailbench.loader.CorpusLoad;
import mailbench.loader.SearchWarmer;
import mailbench.profiler.SidecarToken;

/**
 * The whole local stack of a run: a real OpenSearch node and the facade, each in its own JVM,
 * and the corpus loaded through the facade. Closing it stops its JVMs by PID and deletes the
 * node's data, also when the run is interrupted (the caller closes it from a shutdown hook).
 * A profiler sidecar JVM beside the facade captures flame graphs when the run asks it to.
 * With an external OpenSearch no node is started, and closing it leaves that OpenSearch and its data alone.
 */
public final class LocalStack implements AutoCloseable {

    private static final Duration FACADE_START = Duration.ofMinutes(1);
    /** async-profiler is extracted here once and reused: a JVM must always load the agent from the same path. */
    private static final Path PROFILER_LIBRARY = Path.of("target", "async-profiler");

    /** The facade's GC and safepoint log, kept with the run's logs. */
    public static final String FACADE_GC_LOG = "facade-gc.log";

    private static final Duration SIDECAR_START = Duration.ofSeconds(30);

    /** Null with an external OpenSearch. */
    private final EmbeddedNode node;
    private final List<URI> opensearch;
    private final ChildJvm facade;
    private final URI facadeUrl;
    private final FacadeToken facadeToken;
    private final Path workDir;
    private ChildJvm sidecar;
    private Profiler profiler;
    private String profilerProblem = "not requested";

    /** The profiler sidecar of the stack: its control URL and the file that holds its token. */
    public record Profiler(URI url, Path tokenFile) {
    }

    private LocalStack(EmbeddedNode node, List<URI> opensearch, ChildJvm facade, URI facadeUrl, FacadeToken facadeToken, Path workDir) {
        this.node = node;
        this.opensearch = opensearch;
        this.facade = facade;
        this.facadeUrl = facadeUrl;
        this.facadeToken = facadeToken;
        this.workDir = workDir;
    }

    public static LocalStack start(StackOptions options, Consumer<String> progress) throws IOException, InterruptedException {
        StackOptions.External external = options.external();
        EmbeddedNode node = external != null ? null
            : EmbeddedNode.start(options.opensearchVersion(), options.opensearchJdk(), options.opensearchHeap(), options.workDir(),
                EmbeddedNode.DEFAULT_PORTS, progress);
        List<URI> opensearch = node != null ? List.of(node.url()) : external.hosts();
        OpenSearchAccess access = node != null ? OpenSearchAccess.NONE : external.access();
        String index = node != null ? options.index() : external.index();
        ChildJvm facade = null;
        FacadeToken token = facadeToken(options.facadeArgs(), System.getenv());
        try {
            List<String> facadeArgs = new ArrayList<>(List.of("facade", "--opensearch",
                String.join(",", opensearch.stream().map(URI::toString).toList()), "--index", index,
                "--replicas", Integer.toString(options.replicas()),
                "--port", "0", "--ready-file", "{ready}", "--parent-pid", Long.toString(ProcessHandle.current().pid())));
            facadeArgs.addAll(options.facadeArgs());
            facade = ChildJvm.start("facade",
                facadeJvmArgs(options), FacadeClasspath.of(options.opensearchJava(), options.facadeArgs()), "mailbench.cli.MailbenchMain", facadeArgs,
                options.workDir());
            URI facadeUrl = URI.create(facade.awaitReady(FACADE_START).get("url").asText());
            progress.accept("facade is up at " + facadeUrl + " (pid " + facade.pid() + ")");
            LocalStack stack = new LocalStack(node, opensearch, facade, facadeUrl, token, options.workDir());
            if (options.profilerSidecar()) {
                stack.startSidecar(progress);
            }
            if (options.loadCorpus()) {
                // force-merged after the load: one segment, like a settled production index, so query times no longer depend
                // on merge timing; an external index that holds the corpus from an earlier start is left as it is
                new CorpusLoad(new CorpusLoad.Target(facadeUrl, opensearch, access, index, FacadeAccess.of(token)), progress)
                    .run(options.corpus(), false);
                if (options.feeders() != null) {
                    progress.accept("warming the search path: " + StackOptions.SEARCH_WARM_UP.toSeconds()
                        + " s of the feeders' requests, a few at a time");
                    new SearchWarmer(facadeUrl, FacadeAccess.of(token), progress).warm(options.feeders(), StackOptions.SEARCH_WARM_UP);
                }
            }
            return stack;
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (facade != null) {
                facade.close();
            }
            if (node != null) {
                node.close();
            }
            throw e;
        }
    }

    /**
     * The token the stack's facade will require, for the stack's own calls to it: its {@code --token-file}, else the
     * {@code $MAILBENCH_FACADE_TOKEN} it inherits; null: none.
     */
    static FacadeToken facadeToken(List<String> facadeArgs, Map<String, String> env) {
        int option = facadeArgs.lastIndexOf(FacadeToken.OPTION);
        Path file = option >= 0 && option + 1 < facadeArgs.size() ? Path.of(facadeArgs.get(option + 1)) : null;
        return FacadeToken.fromFileOrEnv(file, env);
    }

    /** What the stack's facade requires of every request (null: nothing); see {@link #facadeToken(List, Map)}. */
    public FacadeToken facadeToken() {
        return facadeToken;
    }

    private static List<String> facadeJvmArgs(StackOptions options) {
        List<String> args = new ArrayList<>(List.of("-Xms" + options.facadeHeap(), "-Xmx" + options.facadeHeap(),
            // exact stacks for the profiler, at no measurable cost
            "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints",
            // every pause of the facade's JVM, kept with the run: a stall is named, not guessed
            GcLog.option(options.workDir().resolve(FACADE_GC_LOG))));
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

    /** The embedded node, or the first host of the external OpenSearch. */
    public URI opensearchUrl() {
        return opensearch.get(0);
    }

    public long facadePid() {
        return facade.pid();
    }

    /** The embedded node's PID; -1 with an external OpenSearch. */
    public long nodePid() {
        return node == null ? -1 : node.pid();
    }

    /** The JDK version the embedded node runs on; empty with an external OpenSearch. */
    public Optional<String> nodeJdkVersion() {
        return node == null ? Optional.empty() : Optional.of(node.jdk().version());
    }

    /** The stack's processes by role (opensearch when embedded, facade, and profiler when its sidecar runs). */
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        if (node != null) {
            pids.put("opensearch", node.pid());
        }
        pids.put("facade", facade.pid());
        if (sidecar != null) {
            pids.put("profiler", sidecar.pid());
        }
        return pids;
    }

    /** The GC and safepoint log of each JVM of the stack, by role (opensearch when embedded, facade). */
    public Map<String, Path> gcLogs() {
        Map<String, Path> logs = new LinkedHashMap<>();
        if (node != null) {
            logs.put("opensearch", workDir.resolve(EmbeddedNode.GC_LOG));
        }
        logs.put("facade", workDir.resolve(FACADE_GC_LOG));
        return logs;
    }

    /** Keeps the JVMs' logs with the run (the node's data is not kept). */
    public void copyLogsTo(Path dir) {
        Files2.copyLogs(workDir, dir);
    }

    /**
     * Stops the facade and its sidecar and keeps the node: a node shared by runs that start facades of their own (a
     * night's runs, -Dmailbench.stack.opensearch). {@link #close()} then stops the node.
     */
    public void stopFacade() {
        if (sidecar != null) {
            sidecar.close();
            sidecar = null;
        }
        facade.close();
    }

    /** Stops the facade, then the node, and removes the node's data (it is rebuilt from the seed on every run); an external OpenSearch is left as it is. */
    @Override
    public void close() {
        if (sidecar != null) {
            sidecar.close();
        }
        facade.close();
        if (node != null) {
            node.close();
        }
    }
}
