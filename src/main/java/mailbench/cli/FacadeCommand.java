package mailbench.cli;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import mailbench.access.ServerTls;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.opensearch.ClientPatches;
import mailbench.facade.opensearch.ClientVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench facade}: the facade alone, in front of an OpenSearch that runs elsewhere. */
@Command(name = "facade", mixinStandardHelpOptions = true,
    description = "Run the mail facade against an existing OpenSearch (staging, docker, or the stack's node).")
final class FacadeCommand implements Callable<Integer> {

    /** EX_SOFTWARE: an internal fault, distinct from bad options (2). */
    static final int CLIENT_DEATH_EXIT = 70;

    @Option(names = "--pool-wait-timeout-ms", description = "Longest wait for a pooled OpenSearch connection, then 503; a call's"
        + " whole time is bounded by this + connect + response timeouts + 1 s (default: ${DEFAULT-VALUE})",
        defaultValue = "5000")
    long poolWaitTimeoutMs;

    @Mixin
    ListenOptions listen;

    @Mixin
    BackendOptions backend;

    @Mixin
    ClientSettingOptions client;

    @Mixin
    RequestLimitOptions limits;

    @Mixin
    InboundOptions inbound;

    @Mixin
    MemoryBoundOptions memory;

    @Mixin
    ExposureOptions exposure;

    @Mixin
    ServerTlsOptions tls;

    @Option(names = ClientPatches.OPTION, paramLabel = "<name>", description = "Run with this client patch (a stand-in for one"
        + " opensearch-java class, to measure a change proposed upstream); refused unless target/client-patches/<name> is ahead of"
        + " the client on this JVM's classpath, which the local stack arranges for the variant of that name (default: none)")
    String clientPatch;

    @Mixin
    ChildOptions child;

    @Override
    public Integer call() throws Exception {
        if (clientPatch != null) {
            ClientPatches.requireInEffect(clientPatch);
        }
        FacadeConfig config = new FacadeConfig(listen.listen(), backend.backend(), client.settings(), limits.limits());
        FacadeGuards guards = new FacadeGuards(inbound.connections(), inbound.timeouts(), memory.bounds(), exposure.exposure(),
            Duration.ofMillis(poolWaitTimeoutMs));
        ServerTls serverTls = tls.tls();
        child.watchParent();
        FacadeServer server = FacadeServer.start(config, guards, serverTls, FacadeCommand::exitOnClientDeath);
        CountDownLatch stopped = ChildOptions.onShutdown(server::close, "facade-shutdown");
        String url = serverTls.scheme() + "://" + config.listen().host() + ":" + server.port();
        System.out.println("facade: " + url + " (OpenSearch " + config.backend().opensearch() + ", index " + config.backend().index()
            + ", opensearch-java " + ClientVersion.opensearchJava() + ", " + client.describe(config.client()) + "; "
            + config.backend().access().describe() + "; serving " + serverTls.describe() + ")");
        child.announceReady(url);
        stopped.await();
        return 0;
    }

    /** The client cannot be revived in place: a new process (started by a supervisor, or by hand) gets a sound one. */
    private static void exitOnClientDeath(String problem) {
        System.err.println("error: " + problem + "; the facade exits (code " + CLIENT_DEATH_EXIT + ")");
        System.exit(CLIENT_DEATH_EXIT);
    }
}
