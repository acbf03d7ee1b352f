package mailbench.access;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.net.ServerSSLOptions;

/**
 * Serves a renewed certificate without a restart: every {@value #CHECK_MS} ms the files of a {@link ServerTls} are looked
 * at, and once one changed, every server given reads them again. New connections get the new certificate, open ones keep
 * theirs; files that cannot be read (a renewal half written) leave the old certificate in place until the next change.
 */
public final class ServerCertificateReload {

    static final long CHECK_MS = 10_000;
    private static final Logger LOG = LoggerFactory.getLogger(ServerCertificateReload.class);

    private final Vertx vertx;
    private final ServerTls tls;
    private final List<HttpServer> servers;
    private List<FileTime> seen;

    private ServerCertificateReload(Vertx vertx, ServerTls tls, List<HttpServer> servers) {
        this.vertx = vertx;
        this.tls = tls;
        this.servers = servers;
        this.seen = modified(tls);
    }

    /** Watches {@code tls}'s files for {@code servers} (the list may fill later); nothing for plain HTTP. */
    public static void start(Vertx vertx, ServerTls tls, List<HttpServer> servers) {
        if (tls.enabled()) {
            ServerCertificateReload reload = new ServerCertificateReload(vertx, tls, servers);
            vertx.setPeriodic(CHECK_MS, id -> reload.check());
        }
    }

    private void check() {
        try {
            read();
        } catch (RejectedExecutionException e) {
            // the server is closing
        }
    }

    private void read() {
        vertx.executeBlocking(() -> {
            List<FileTime> now = modified(tls);
            if (now.equals(seen)) {
                return null;
            }
            seen = now;
            return tls.sslOptions();
        }, false).onComplete(read -> {
            if (read.failed()) {
                LOG.warn("the TLS certificate changed but cannot be read ({}); still serving the previous one", read.cause().getMessage());
            } else if (read.result() != null) {
                reload(read.result());
            }
        });
    }

    private void reload(ServerSSLOptions options) {
        List<Future<Boolean>> updates = new ArrayList<>();
        for (HttpServer server : servers) {
            updates.add(server.updateSSLOptions(options, true));
        }
        Future.all(updates).onComplete(done -> {
            if (done.succeeded()) {
                LOG.info("serving the renewed {}", tls.describe());
            } else {
                LOG.warn("could not load the renewed {} ({}); still serving the previous one", tls.describe(), done.cause().getMessage());
            }
        });
    }

    private static List<FileTime> modified(ServerTls tls) {
        List<FileTime> times = new ArrayList<>();
        Stream.of(tls.certPem(), tls.keyPem(), tls.keystore()).filter(file -> file != null).forEach(file -> times.add(modified(file)));
        return times;
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
