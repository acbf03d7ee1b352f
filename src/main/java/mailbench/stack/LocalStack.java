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
import mailbench.network.StackNetwork;

/**
 * The whole local stack of a run: a real OpenSearch node and the facade, each in its own JVM,
 * and the corpus loaded through the facade. Closing it stops its JVMs by PID and deletes the
 * node's data, also when the run is interrupted (the caller closes it from a shutdown hook).
 * A profiler sidecar JVM beside the facade captures flame graphs when the run asks it to.
 * With an external OpenSearch no node is started, and closing it leaves that OpenSearch and its data alone.
 * With a network profile, toxiproxy's proxies stand on the hops: the facade reaches the node through one, and
 * {@link #facadeUrl()} is the other; closing the stack stops them last.
 */
public final class LocalStack implements AutoCloseable {

    private static final Duration FACADE_START = Duration.ofMinutes(1);

    /** The facade's GC and safepoint log, kept with the run's logs. */
    public static final String FACADE_GC_LOG = "facade-gc.log";

    /** Null with an external OpenSearch. */
    private final EmbeddedNode node;
    private final List<URI> opensearch;
    private final ChildJvm facade;
    private final URI facadeUrl;
    private final FacadeToken facadeToken;
    private final Path workDir;
    private final StackNetwork network;
    private StackSidecar sidecar = StackSidecar.none();

    /** The profiler sidecar of the stack: its control URL and the file that holds its token. */
    public record Profiler(URI url, Path tokenFile) {
    }

    private LocalStack(EmbeddedNode node, List<URI> opensearch, ChildJvm facade, URI facadeUrl, FacadeToken facadeToken, Path workDir,
                       StackNetwork network) {
        this.node = node;
        this.opensearch = opensearch;
        this.facade = facade;
        this.facadeUrl = facadeUrl;
        this.facadeToken = facadeToken;
        this.workDir = workDir;
        this.network = network;
    }

    public static LocalStack start(StackOptions options, Consumer<String> progress) throws IOException, InterruptedException {
        // first: a network that cannot be had stops the run before the node's minute of start-up
        StackNetwork network = StackNetwork.start(options.network(), options.workDir(), System.getenv(), progress);
        StackOptions.External external = options.external();
        EmbeddedNode node = null;
        ChildJvm facade = null;
        LocalStack stack = null;
        FacadeToken token = facadeToken(options.facadeArgs(), System.getenv());
        try {
            node = external != null ? null
                : EmbeddedNode.start(options.opensearchVersion(), options.opensearchJdk(), options.opensearchJit(), options.opensearchHeap(),
                    options.workDir(), EmbeddedNode.DEFAULT_PORTS, null, progress);
            List<URI> opensearch = node != null ? List.of(node.url()) : external.hosts();
            String index = node != null ? options.index() : external.index();
            facade = startFacade(options, network.towardsNode(opensearch), index);
            URI direct = URI.create(facade.awaitReady(FACADE_START).get("url").asText());
            URI facadeUrl = network.towardsFacade(direct);
            progress.accept("facade is up at " + direct + (facadeUrl.equals(direct) ? "" : ", through the client hop at " + facadeUrl)
                + " (pid " + facade.pid() + ")");
            stack = new LocalStack(node, opensearch, facade, facadeUrl, token, options.workDir(), network);
            if (options.profilerSidecar()) {
                stack.sidecar = StackSidecar.start(facade.pid(), options.workDir(), progress);
            }
            if (options.loadCorpus()) {
                // straight to the facade: preparing the stack is not what the network profile measures
                load(options, new CorpusLoad.Target(direct, opensearch, node != null ? OpenSearchAccess.NONE : external.access(), index,
                    FacadeAccess.of(token)), progress);
            }
            return stack;
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (stack != null) {
                stack.close();
            } else {
                stopAll(facade, node, network);
            }
            throw e;
        }
    }

    /** The facade's JVM, against {@code opensearch} (the node hop's proxies with a network profile). */
    private static ChildJvm startFacade(StackOptions options, List<URI> opensearch, String index) throws IOException {
        List<String> facadeArgs = new ArrayList<>(List.of("facade", "--opensearch",
            String.join(",", opensearch.stream().map(URI::toString).toList()), "--index", index,
            "--replicas", Integer.toString(options.replicas()),
            "--port", "0", "--ready-file", "{ready}", "--parent-pid", Long.toString(ProcessHandle.current().pid())));
        facadeArgs.addAll(options.facadeArgs());
        return ChildJvm.start("facade", facadeJvmArgs(options), FacadeClasspath.of(options.opensearchJava(), options.facadeArgs()),
            "mailbench.cli.MailbenchMain", facadeArgs, options.workDir());
    }

    /** The facade, the node and the proxies, in that order; the facade and the node are null when not started yet. */
    private static void stopAll(ChildJvm facade, EmbeddedNode node, StackNetwork network) {
        if (facade != null) {
            facade.close();
        }
        if (node != null) {
            node.close();
        }
        network.close();
    }

    /**
     * The corpus, force-merged after the load: one segment, like a settled production index, so query times no longer
     * depend on merge timing; an external index that holds the corpus from an earlier start is left as it is.
     */
    private static void load(StackOptions options, CorpusLoad.Target target, Consumer<String> progress) throws IOException, InterruptedException {
        new CorpusLoad(target, progress).run(options.corpus(), false);
        if (options.feeders() != null && !options.searchWarmUp().isZero()) {
            progress.accept("warming the search path: " + options.searchWarmUp().toSeconds()
                + " s of the feeders' requests, a few at a time");
            new SearchWarmer(target.facade(), target.facadeAccess(), progress).warm(options.feeders(), options.searchWarmUp());
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

    public Optional<Profiler> profiler() {
        return Optional.ofNullable(sidecar.profiler());
    }

    /** Why there is no sidecar, when there is none. */
    public String profilerProblem() {
        return sidecar.problem();
    }

    /** run.json's network section: the profile, toxiproxy's version and each proxy's toxics; null with the profile none. */
    public Map<String, Object> network() {
        return network.describe();
    }

    /** Where the facade is reached: through the client hop's proxy with a network profile. */
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

    /** The stack's processes by role (opensearch when embedded, facade, profiler when its sidecar runs, toxiproxy with a network). */
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        if (node != null) {
            pids.put("opensearch", node.pid());
        }
        pids.put("facade", facade.pid());
        if (sidecar.pid() != -1) {
            pids.put("profiler", sidecar.pid());
        }
        if (network.pid() != -1) {
            pids.put("toxiproxy", network.pid());
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
        sidecar.close();
        sidecar = StackSidecar.none();
        facade.close();
    }

    /**
     * Stops the facade, then the node, and removes the node's data (it is rebuilt from the seed on every run); an external
     * OpenSearch is left as it is. The proxies stop last, once nothing crosses them.
     */
    @Override
    public void close() {
        sidecar.close();
        stopAll(facade, node, network);
    }
}
