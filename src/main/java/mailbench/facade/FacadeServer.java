package mailbench.facade;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.Deployable;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import mailbench.access.ServerCertificateReload;
import mailbench.access.ServerTls;
import mailbench.facade.opensearch.ClientWatchdog;
import mailbench.facade.opensearch.MailStore;
import mailbench.facade.opensearch.OpenSearchClients;

/**
 * Starts and stops the facade: one Vert.x HTTP server per event loop, all on the same port, over
 * one {@link MailStore}. Vert.x serves a server's connections on the loop that created it, so
 * {@code --event-loops} takes one server instance per loop; it hands new connections to them in turn.
 */
public final class FacadeServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FacadeServer.class);
    private static final long INDEX_RETRY_MS = 2_000;
    private static final long CLIENT_CHECK_MS = 1_000;

    private final Vertx vertx;
    private final MailStore store;
    private final List<HttpServer> servers;

    private FacadeServer(Vertx vertx, MailStore store, List<HttpServer> servers) {
        this.vertx = vertx;
        this.store = store;
        this.servers = servers;
    }

    /** With the default guards, for a facade on loopback; a dead client is answered with 503 but nothing else is done. */
    public static FacadeServer start(FacadeConfig config) {
        return start(config, FacadeGuards.DEFAULTS, problem -> { });
    }

    /**
     * Refuses bad exposure first ({@link FacadeGuards#check}); {@code onClientDeath} is called once, off the event loop,
     * when the OpenSearch client's I/O thread is found dead (the command exits then).
     */
    public static FacadeServer start(FacadeConfig config, FacadeGuards guards, Consumer<String> onClientDeath) {
        return start(config, guards, ServerTls.PLAIN, onClientDeath);
    }

    /** As {@link #start(FacadeConfig, FacadeGuards, Consumer)}, serving HTTPS when {@code tls} has a certificate. */
    public static FacadeServer start(FacadeConfig config, FacadeGuards guards, ServerTls tls, Consumer<String> onClientDeath) {
        guards.check(config);
        tls.checkTokenExposure(config.listen().host(), guards.token() != null, "facade");
        OpenSearchClients clients = OpenSearchClients.create(config.openSearchClient(guards.poolWaitTimeout()));
        ClientWatchdog watchdog = clients.watchdog();
        MailStore store = new MailStore(clients, config.backend().index(), config.client().options().projection(),
            config.client().options().injectedCost());
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(config.listen().eventLoops()));
        try {
            MailRoutes routes = new MailRoutes(store, config, guards, watchdog);
            List<HttpServer> servers = new CopyOnWriteArrayList<>();
            listen(vertx, routes, config, guards, tls, servers);
            ServerCertificateReload.start(vertx, tls, servers);
            FacadeServer facade = new FacadeServer(vertx, store, servers);
            watchClient(vertx, watchdog, onClientDeath);
            facade.ensureIndexUntilDone(config.backend().shards(), config.backend().replicas());
            return facade;
        } catch (Exception e) {
            vertx.close();
            closeQuietly(store);
            throw new IllegalStateException("the facade could not listen on " + config.listen().host() + ":" + config.listen().port()
                + " (--host/--port): " + e.getMessage(), e);
        }
    }

    /**
     * One server per event loop on the configured port. Vert.x shares a port among its servers only
     * when they ask for the same number, and each asking for port 0 gets a port of its own: with
     * several loops and port 0, a free port is picked first (tried again if taken meanwhile).
     */
    private static void listen(Vertx vertx, MailRoutes routes, FacadeConfig config, FacadeGuards guards, ServerTls tls,
                               List<HttpServer> servers) throws Exception {
        InboundConnections connections = new InboundConnections(guards.connections().max(), guards.connections().perAddress());
        Handler<HttpConnection> admit = connection -> {
            if (connections.admit(connection)) {
                RequestHeadDeadline.install(connection, guards.timeouts().requestHead());
            }
        };
        if (config.listen().port() != 0 || config.listen().eventLoops() == 1) {
            deploy(vertx, routes, tls.applyTo(options(config.listen().host(), config.listen().port(), guards)), admit,
                config.listen().eventLoops(), servers);
            return;
        }
        for (int attempt = 1; ; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(config.listen().host()))) {
                port = probe.getLocalPort();
            }
            try {
                deploy(vertx, routes, tls.applyTo(options(config.listen().host(), port, guards)), admit,
                    config.listen().eventLoops(), servers);
                return;
            } catch (Exception e) {
                if (attempt == 5 || !(e instanceof BindException || e.getCause() instanceof BindException)) {
                    throw e;
                }
                servers.clear();
            }
        }
    }

    /**
     * Idle connections are closed (a peer that sent half a header holds no socket for long). Cleartext HTTP/2 only when asked
     * for: one h2c connection carries 100 streams, each with a body up to --max-body-bytes.
     */
    static final int MAX_REQUEST_LINE_BYTES = 16 * 1024;

    private static HttpServerOptions options(String host, int port, FacadeGuards guards) {
        // a request line up to 16 KiB (Vert.x's default is 4 KiB): a long search URL is then answered by the facade's own
        // checks, a 400 that names the limit, rather than a bare 414
        return new HttpServerOptions().setHost(host).setPort(port).setMaxInitialLineLength(MAX_REQUEST_LINE_BYTES)
            .setIdleTimeout((int) guards.timeouts().idle().toMillis()).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
            .setHttp2ClearTextEnabled(guards.exposure().http2Cleartext());
    }

    /** {@code instances} servers, each deployed on an event loop of its own, listening on host:port. */
    private static void deploy(Vertx vertx, MailRoutes routes, HttpServerOptions options, Handler<HttpConnection> admit,
                               int instances, List<HttpServer> servers) throws Exception {
        // Vert.x wants a new instance per deployment: a capturing lambda is one
        Supplier<Deployable> server = () -> context -> vertx.createHttpServer(options).connectionHandler(admit)
            .requestHandler(routes.router(vertx)).listen()
            .onSuccess(servers::add);
        Future<String> deployed = vertx.deployVerticle(server, new DeploymentOptions().setInstances(instances));
        deployed.await(30, TimeUnit.SECONDS);
    }

    /** Looks at the client's I/O threads every second; the first time one is dead, says so once, off the event loop. */
    private static void watchClient(Vertx vertx, ClientWatchdog watchdog, Consumer<String> onClientDeath) {
        vertx.setPeriodic(CLIENT_CHECK_MS, id -> {
            String problem = watchdog.problem();
            if (problem != null) {
                vertx.cancelTimer(id);
                LOG.error(problem);
                new Thread(() -> onClientDeath.accept(problem), "facade-client-death").start();
            }
        });
    }

    public int port() {
        return servers.get(0).actualPort();
    }

    /** The backend may come up after the facade: keep trying to create the index instead of dying. */
    private void ensureIndexUntilDone(int shards, int replicas) {
        try {
            if (store.ensureIndex(shards, replicas)) {
                LOG.info("created index '{}'", store.index());
            }
        } catch (IOException | RuntimeException e) {
            // the classified message names the fix (a CA option, the credentials) where the raw one would not
            LOG.warn("index '{}' not ready yet ({}); retrying every {} ms", store.index(), BackendErrors.classify(e).message(), INDEX_RETRY_MS);
            vertx.setTimer(INDEX_RETRY_MS, id -> vertx.executeBlocking(() -> {
                ensureIndexUntilDone(shards, replicas);
                return null;
            }));
        }
    }

    @Override
    public void close() {
        try {
            for (HttpServer server : servers) {
                server.close().await(10, TimeUnit.SECONDS);
            }
            vertx.close().await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.warn("facade did not stop cleanly: {}", e.getMessage());
        }
        closeQuietly(store);
    }

    private static void closeQuietly(MailStore store) {
        try {
            store.close();
        } catch (IOException e) {
            LOG.warn("closing the OpenSearch client failed: {}", e.getMessage());
        }
    }
}
