package mailbench.facade;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.Deployable;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
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

    private final Vertx vertx;
    private final MailStore store;
    private final List<HttpServer> servers;

    private FacadeServer(Vertx vertx, MailStore store, List<HttpServer> servers) {
        this.vertx = vertx;
        this.store = store;
        this.servers = servers;
    }

    public static FacadeServer start(FacadeConfig config) {
        MailStore store = new MailStore(OpenSearchClients.create(config), config.index(), config.client().projection());
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(config.eventLoops()));
        try {
            MailRoutes routes = new MailRoutes(store, config);
            List<HttpServer> servers = new CopyOnWriteArrayList<>();
            listen(vertx, routes, config, servers);
            FacadeServer facade = new FacadeServer(vertx, store, servers);
            facade.ensureIndexUntilDone(config.shards());
            return facade;
        } catch (Exception e) {
            vertx.close();
            closeQuietly(store);
            throw new IllegalStateException("the facade could not listen on " + config.host() + ":" + config.port()
                + " (--host/--port): " + e.getMessage(), e);
        }
    }

    /**
     * One server per event loop on the configured port. Vert.x shares a port among its servers only
     * when they ask for the same number, and each asking for port 0 gets a port of its own: with
     * several loops and port 0, a free port is picked first (tried again if taken meanwhile).
     */
    private static void listen(Vertx vertx, MailRoutes routes, FacadeConfig config, List<HttpServer> servers) throws Exception {
        if (config.port() != 0 || config.eventLoops() == 1) {
            deploy(vertx, routes, config.host(), config.port(), config.eventLoops(), servers);
            return;
        }
        for (int attempt = 1; ; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(config.host()))) {
                port = probe.getLocalPort();
            }
            try {
                deploy(vertx, routes, config.host(), port, config.eventLoops(), servers);
                return;
            } catch (Exception e) {
                if (attempt == 5 || !(e instanceof BindException || e.getCause() instanceof BindException)) {
                    throw e;
                }
                servers.clear();
            }
        }
    }

    /** {@code instances} servers, each deployed on an event loop of its own, listening on host:port. */
    private static void deploy(Vertx vertx, MailRoutes routes, String host, int port, int instances, List<HttpServer> servers)
        throws Exception {
        HttpServerOptions options = new HttpServerOptions().setHost(host).setPort(port);
        // Vert.x wants a new instance per deployment: a capturing lambda is one
        Supplier<Deployable> server = () -> context -> vertx.createHttpServer(options).requestHandler(routes.router(vertx)).listen()
            .onSuccess(servers::add);
        Future<String> deployed = vertx.deployVerticle(server, new DeploymentOptions().setInstances(instances));
        deployed.await(30, TimeUnit.SECONDS);
    }

    public int port() {
        return servers.get(0).actualPort();
    }

    /** The backend may come up after the facade: keep trying to create the index instead of dying. */
    private void ensureIndexUntilDone(int shards) {
        try {
            if (store.ensureIndex(shards)) {
                LOG.info("created index '{}'", store.index());
            }
        } catch (IOException | RuntimeException e) {
            // the classified message names the fix (a CA option, the credentials) where the raw one would not
            LOG.warn("index '{}' not ready yet ({}); retrying every {} ms", store.index(), BackendErrors.classify(e).message(), INDEX_RETRY_MS);
            vertx.setTimer(INDEX_RETRY_MS, id -> vertx.executeBlocking(() -> {
                ensureIndexUntilDone(shards);
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
