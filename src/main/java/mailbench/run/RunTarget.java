package mailbench.run;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.facadeclient.FacadeAccess;
import mailbench.facadeclient.HealthProbe;
import mailbench.knobs.Knobs;
import mailbench.loader.CorpusPreflight;
import mailbench.meters.JvmPauses;
import mailbench.settings.BenchConfig;
import mailbench.settings.RequestPath;
import mailbench.stack.LocalStack;
import mailbench.stack.StackOptions;

/**
 * Where a run sends its load: the local stack it starts (facade, node, profiler sidecar), or the target the knobs
 * name; and what the facade says of itself in its /health (its index, its client, OpenSearch's version).
 */
final class RunTarget {

    private final BenchConfig config;
    private final URI facadeUrl;
    private final FacadeAccess facadeAccess;
    private final List<URI> opensearchUrls;
    private LocalStack stack;
    private String facadeIndex;

    private RunTarget(BenchConfig config, LocalStack stack, URI facadeUrl, FacadeAccess facadeAccess, List<URI> opensearchUrls) {
        this.config = config;
        this.stack = stack;
        this.facadeUrl = facadeUrl;
        this.facadeAccess = facadeAccess;
        this.opensearchUrls = opensearchUrls;
    }

    /** Without a target, starts the local stack (its files under target/mailbench-stack/{@code runId}); then reads the facade's /health. */
    static RunTarget start(BenchConfig config, SimulationNeeds needs, String runId, Path feeders, Consumer<String> say, Consumer<String> event)
        throws IOException, InterruptedException {
        RunTarget target;
        if (config.local()) {
            StackOptions options = new StackOptions(Path.of("target", "mailbench-stack", runId).toAbsolutePath(),
                config.node().version(), config.node().heap(), config.facade().heap(), config.facade().opensearchJava(),
                config.facade().jvmArgs(), config.facade().args(),
                config.load().corpus(), needs.corpus(), feeders,
                needs.profiler() && config.profiler().enabled() && config.load().path() == RequestPath.FACADE, sharedNode(config))
                .withOpensearchJdk(config.node().jdk()).withOpensearchJit(config.node().jit())
                .withIndex(config.target().index(), config.target().replicas())
                .withNetwork(config.target().network())
                .withSearchWarmUp(java.time.Duration.ofSeconds(config.load().searchWarmUpSeconds()));
            LocalStack stack = LocalStack.start(options, say);
            target = new RunTarget(config, stack, stack.facadeUrl(), FacadeAccess.of(stack.facadeToken()), List.of(stack.opensearchUrl()));
            event.accept("local stack ready (facade pid " + stack.facadePid() + ", node pid " + stack.nodePid() + ")");
        } else {
            target = new RunTarget(config, null, config.target().url(), config.facade().access(), config.target().direct());
        }
        return target;
    }

    /** The node the knobs name (-Dmailbench.stack.opensearch), plain http on this host, with the run's index. */
    private static StackOptions.External sharedNode(BenchConfig config) {
        return config.node().stackOpensearch() == null ? null
            : new StackOptions.External(List.of(config.node().stackOpensearch()), OpenSearchAccess.NONE, config.target().index());
    }

    /** The facade's /health into {@code versions}: its client's versions and options, OpenSearch's version and JDK. */
    void describe(Map<String, String> versions) throws IOException, InterruptedException {
        JsonNode health = HealthProbe.check(facadeUrl, "-D" + Knobs.TARGET.name(), facadeAccess);
        facadeIndex = health.path("index").asText(null);
        versions.put("opensearchJava", health.path("client").path("opensearchJava").asText("unknown"));
        // how the facade's client talks to OpenSearch: a comparison names these when they differ besides the variant
        for (String option : List.of("transport", "mapper", "projection", "injectedCost", "patch")) {
            versions.put("client " + option, health.path("client").path(option).asText("unknown"));
        }
        // a facade older than the option had only the client's own answer buffer
        versions.put("client responseBuffer", health.path("client").path("responseBuffer").asText("client"));
        versions.put("opensearchServer", health.path("backend").path("version").asText("unknown"));
        if (stack != null) {
            stack.nodeJdkVersion().ifPresent(version -> versions.put("opensearchJdk", version));
        }
    }

    /** Against a target, before any load: a few feeder rows must find the corpus in its index (see CorpusPreflight); the line to log. */
    String preflight(Path feeders) throws IOException, InterruptedException {
        // the direct requests go to -Dmailbench.index (DirectRequests), whatever the facade's index
        return config.load().path() == RequestPath.DIRECT
            ? CorpusPreflight.direct(new OpenSearchHttp(opensearchUrls, opensearchAccess()), config.target().index(), feeders, config.load().corpus(),
                facadeUrl)
            : CorpusPreflight.throughFacade(facadeUrl, feeders, config.load().corpus(), facadeAccess);
    }

    /** run.json's network section: the local stack's profile, proxies and toxics; null with none, or against a target. */
    Map<String, Object> network() {
        return stack == null ? null : stack.network();
    }

    /** The local stack while it runs, null against a target or once stopped. */
    LocalStack stack() {
        return stack;
    }

    /** The processes whose CPU the run follows: the stack's JVMs and this one (Gatling's). */
    Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>(stack == null ? Map.of() : stack.pids());
        pids.put("gatling", ProcessHandle.current().pid());
        return pids;
    }

    /** The stack's JVMs' safepoint logs (none against a target: mailbench cannot see those JVMs). */
    Map<String, JvmPauses> jvmPauses() {
        Map<String, JvmPauses> pauses = new LinkedHashMap<>();
        if (stack != null) {
            stack.gcLogs().forEach((role, log) -> pauses.put(role, JvmPauses.read(log)));
        }
        return pauses;
    }

    /** Stops the local stack and copies its logs into {@code logs}; true when there was one to stop. */
    boolean stop(Path logs, Consumer<String> say) {
        if (stack == null) {
            return false;
        }
        say.accept("stopping the local stack");
        stack.close();
        stack.copyLogsTo(logs);
        stack = null;
        return true;
    }

    URI facadeUrl() {
        return facadeUrl;
    }

    FacadeAccess facadeAccess() {
        return facadeAccess;
    }

    List<URI> opensearchUrls() {
        return opensearchUrls;
    }

    String facadeIndex() {
        return facadeIndex;
    }

    /** How mailbench's own calls get into {@link #opensearchUrls()}: nothing for the local node, the knobs' CA and credentials on staging. */
    OpenSearchAccess opensearchAccess() {
        return config.local() ? OpenSearchAccess.NONE : config.target().opensearchAccess();
    }
}
