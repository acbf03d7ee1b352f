package mailbench.facade;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import mailbench.facade.opensearch.MailStore;
import mailbench.facade.opensearch.OpenSearchClients;

/** Starts and stops the facade: one Vert.x HTTP server over one {@link MailStore}. */
public final class FacadeServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FacadeServer.class);
    private static final long INDEX_RETRY_MS = 2_000;

    private final Vertx vertx;
    private final MailStore store;
    private final HttpServer server;

    private FacadeServer(Vertx vertx, MailStore store, HttpServer server) {
        this.vertx = vertx;
        this.store = store;
        this.server = server;
    }

    public static FacadeServer start(FacadeConfig config) {
        MailStore store = new MailStore(OpenSearchClients.create(config), config.index(), config.client().projection());
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(config.eventLoops()));
        try {
            HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHost(config.host()).setPort(config.port()))
                .requestHandler(new MailRoutes(store, config).router(vertx))
                .listen()
                .await(30, TimeUnit.SECONDS);
            FacadeServer facade = new FacadeServer(vertx, store, server);
            facade.ensureIndexUntilDone(config.shards());
            return facade;
        } catch (Exception e) {
            vertx.close();
            closeQuietly(store);
            throw new IllegalStateException("the facade could not listen on " + config.host() + ":" + config.port()
                + " (--host/--port): " + e.getMessage(), e);
        }
    }

    public int port() {
        return server.actualPort();
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
            server.close().await(10, TimeUnit.SECONDS);
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
