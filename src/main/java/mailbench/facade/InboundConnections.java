package mailbench.facade;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.SocketAddress;

/**
 * Caps on the facade's inbound connections, over all its servers: in all, and from one client address. Past either, a
 * new connection is closed at once, before a byte of it is read (so before any token is checked): each open connection
 * costs buffers and a file descriptor whether or not it ever sends a request, and one client alone must not take them
 * all from the others.
 */
final class InboundConnections {

    private static final Logger LOG = LoggerFactory.getLogger(InboundConnections.class);

    private final int max;
    private final int maxPerAddress;
    private final AtomicInteger open = new AtomicInteger();
    private final ConcurrentHashMap<String, AtomicInteger> openByAddress = new ConcurrentHashMap<>();
    private final ThrottledWarning warning = new ThrottledWarning(10_000_000_000L, System::nanoTime);

    InboundConnections(int max, int maxPerAddress) {
        this.max = max;
        this.maxPerAddress = maxPerAddress;
    }

    /** False: past a cap, closed. */
    boolean admit(HttpConnection connection) {
        String address = address(connection.remoteAddress());
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            refuse(connection, max + " are open (--max-client-connections)");
            return false;
        }
        AtomicInteger fromAddress = openByAddress.compute(address, (key, count) -> {
            AtomicInteger counted = count == null ? new AtomicInteger() : count;
            counted.incrementAndGet();
            return counted;
        });
        if (fromAddress.get() > maxPerAddress) {
            open.decrementAndGet();
            release(address);
            refuse(connection, maxPerAddress + " are open from " + address + " (--max-client-connections-per-address)");
            return false;
        }
        connection.closeHandler(closed -> {
            open.decrementAndGet();
            release(address);
        });
        return true;
    }

    private void release(String address) {
        openByAddress.computeIfPresent(address, (key, count) -> count.decrementAndGet() == 0 ? null : count);
    }

    private void refuse(HttpConnection connection, String why) {
        long held = warning.tryPass();
        if (held >= 0) {
            LOG.warn("closed a new connection from {}: {}; {} more closed since the last of these lines", connection.remoteAddress(),
                why, held);
        }
        connection.close();
    }

    private static String address(SocketAddress remote) {
        return remote == null || remote.hostAddress() == null ? "unknown" : remote.hostAddress();
    }
}
