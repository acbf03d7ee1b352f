package mailbench.facade;

import java.net.URI;
import java.time.Duration;

import mailbench.access.ServerTls;

/**
 * How the facade protects itself and what it holds, one group per concern: inbound connection caps, the time each part of an
 * exchange may take, the memory requests and answers may hold, who may use it ({@link Exposure}), and the wait for a pooled
 * OpenSearch connection. Each group validates its own values; the rules that need the rest of the configuration (the listen
 * address, the OpenSearch URLs and timeouts) are in {@link #check}.
 */
public record FacadeGuards(ConnectionCaps connections, InboundTimeouts timeouts, MemoryBounds memory, Exposure exposure,
                           Duration poolWaitTimeout) {

    /** The longest a call waits for a pooled OpenSearch connection before its own connect and response timeouts start. */
    public static final Duration DEFAULT_POOL_WAIT_TIMEOUT = Duration.ofSeconds(5);

    public static final FacadeGuards DEFAULTS = new FacadeGuards(ConnectionCaps.DEFAULTS, InboundTimeouts.DEFAULTS,
        MemoryBounds.DEFAULTS, Exposure.DEFAULTS, DEFAULT_POOL_WAIT_TIMEOUT);

    public FacadeGuards {
        Checks.require(connections != null && timeouts != null && memory != null && exposure != null,
            "connection caps, timeouts, memory bounds and exposure must be given (each has DEFAULTS)");
        Checks.requireMillis(poolWaitTimeout, 1, 600_000, "--pool-wait-timeout-ms");
    }

    public FacadeGuards with(ConnectionCaps newConnections) {
        return new FacadeGuards(newConnections, timeouts, memory, exposure, poolWaitTimeout);
    }

    public FacadeGuards with(InboundTimeouts newTimeouts) {
        return new FacadeGuards(connections, newTimeouts, memory, exposure, poolWaitTimeout);
    }

    public FacadeGuards with(MemoryBounds newMemory) {
        return new FacadeGuards(connections, timeouts, newMemory, exposure, poolWaitTimeout);
    }

    public FacadeGuards with(Exposure newExposure) {
        return new FacadeGuards(connections, timeouts, memory, newExposure, poolWaitTimeout);
    }

    /** The token every request must carry; null: none. */
    public FacadeToken token() {
        return exposure.token();
    }

    public FacadeGuards withToken(FacadeToken newToken) {
        return with(exposure.withToken(newToken));
    }

    /**
     * The longest one OpenSearch call may take, all waits included (pool, connect, response) plus a
     * second of slack: past it the call fails even if the client never completes it (a dead I/O thread).
     */
    public Duration callDeadline(FacadeConfig config) {
        return poolWaitTimeout.plus(config.client().connectTimeout()).plus(config.client().responseTimeout()).plusSeconds(1);
    }

    /** Refuses a facade that others could reach without a token, or that would send credentials in clear text. */
    public void check(FacadeConfig config) {
        Duration idle = timeouts.idle();
        Checks.require(idle.compareTo(callDeadline(config)) > 0, "--idle-timeout-ms " + idle.toMillis() + " would close the"
            + " connection of a request still waiting on OpenSearch: make it longer than --pool-wait-timeout-ms +"
            + " --connect-timeout-ms + --response-timeout-ms + 1000 (" + callDeadline(config).toMillis() + ")");
        if (exposure.token() == null && !exposure.insecureOpen() && !isLoopback(config.listen().host())) {
            throw new IllegalArgumentException("--host " + config.listen().host() + " lets other hosts reach the facade, which holds"
                + " OpenSearch's access: give a token (" + FacadeToken.OPTION + " or $" + FacadeToken.ENV + "; clients then send"
                + " Authorization: Bearer <token>) or --insecure-open to serve without one");
        }
        if (config.backend().access().credentials() != null && !exposure.allowCredentialsOverHttp()) {
            for (URI uri : config.backend().opensearch()) {
                Checks.require(!"http".equals(uri.getScheme()), "basic-auth credentials would cross the network in clear text to "
                    + uri + ": use an https:// URL, or --allow-credentials-over-http if this network is trusted");
            }
        }
    }

    static boolean isLoopback(String host) {
        return ServerTls.isLoopback(host);
    }
}
