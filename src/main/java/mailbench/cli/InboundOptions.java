package mailbench.cli;

import java.time.Duration;

import mailbench.facade.ConnectionCaps;
import mailbench.facade.InboundTimeouts;
import picocli.CommandLine.Option;

/** The facade's options for its clients' connections: how many may be open, and how long each part of an exchange may take. */
final class InboundOptions {

    @Option(names = "--max-client-connections", description = "Inbound connections open at once; beyond, new ones are closed at"
        + " once (default: ${DEFAULT-VALUE})", defaultValue = "" + ConnectionCaps.DEFAULT_MAX)
    int maxClientConnections;

    @Option(names = "--max-client-connections-per-address", description = "Inbound connections open at once from one client"
        + " address; beyond, its new ones are closed at once, before any token is read (default: ${DEFAULT-VALUE})",
        defaultValue = "" + ConnectionCaps.DEFAULT_PER_ADDRESS)
    int maxClientConnectionsPerAddress;

    @Option(names = "--idle-timeout-ms", description = "A client connection that sends and receives nothing for this long is"
        + " closed; longer than a call's whole time (default: ${DEFAULT-VALUE})", defaultValue = "60000")
    long idleTimeoutMs;

    @Option(names = "--request-head-timeout-ms", description = "A request head (request line and headers) must be complete this"
        + " long after its first byte or the connection's start, else 408 and the connection is closed (default: ${DEFAULT-VALUE})",
        defaultValue = "10000")
    long requestHeadTimeoutMs;

    @Option(names = "--request-body-timeout-ms", description = "A request body must be whole this long after its head, else 408"
        + " and the connection is closed (default: ${DEFAULT-VALUE})", defaultValue = "30000")
    long requestBodyTimeoutMs;

    @Option(names = "--answer-write-timeout-ms", description = "An answer its client has not read this long after it was written"
        + " closes its connection, which frees its bytes (default: ${DEFAULT-VALUE})", defaultValue = "30000")
    long answerWriteTimeoutMs;

    ConnectionCaps connections() {
        return new ConnectionCaps(maxClientConnections, maxClientConnectionsPerAddress);
    }

    InboundTimeouts timeouts() {
        return new InboundTimeouts(Duration.ofMillis(idleTimeoutMs), Duration.ofMillis(requestHeadTimeoutMs),
            Duration.ofMillis(requestBodyTimeoutMs), Duration.ofMillis(answerWriteTimeoutMs));
    }
}
