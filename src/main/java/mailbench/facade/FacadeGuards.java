package mailbench.facade;

import java.net.URI;
import java.time.Duration;

import mailbench.access.ServerTls;

/**
 * How the facade protects itself and what it holds: inbound connection limits, HTTP/2, the token
 * and who may reach it, the wait for a pooled OpenSearch connection. Validated here; the rules that
 * need the rest of the configuration (the listen address, the OpenSearch URLs) in {@link #check}.
 */
public record FacadeGuards(
    Duration idleTimeout,
    int maxClientConnections,
    boolean http2Cleartext,
    Duration poolWaitTimeout,
    FacadeToken token,
    boolean insecureOpen,
    boolean allowCredentialsOverHttp,
    long maxBodyBytesInFlight,
    Duration requestHeadTimeout,
    long maxHeldBytes,
    Duration requestBodyTimeout,
    int maxClientConnectionsPerAddress,
    long maxUnreadAnswerBytes,
    Duration answerWriteTimeout) {

    /** A connection that sends or reads nothing for this long is closed: half-sent headers do not hold a socket forever. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
    /** Far above a load generator's shared connections, far below the file descriptors of a default host (ulimit -n). */
    public static final int DEFAULT_MAX_CLIENT_CONNECTIONS = 4_096;
    /** The longest a call waits for a pooled OpenSearch connection before its own connect and response timeouts start. */
    public static final Duration DEFAULT_POOL_WAIT_TIMEOUT = Duration.ofSeconds(5);

    /**
     * 0: an eighth of the JVM's max heap ({@link #bodyBytesInFlightBound()}): a body's parsed forms take up to about 4 times its
     * bytes more, so bodies at the bound and all they become while parsed at once stay within 5/8 of the heap.
     */
    public static final long DEFAULT_MAX_BODY_BYTES_IN_FLIGHT = 0;
    /**
     * Each byte a client sends resets the idle timeout, so a header sent a byte at a time would hold its connection forever:
     * a request head must be complete this long after its first byte (or after the connection opened), else 408 and close.
     */
    public static final Duration DEFAULT_REQUEST_HEAD_TIMEOUT = Duration.ofSeconds(10);
    /**
     * 0: half the JVM's max heap ({@link #heldBytesBound()}): what requests hold from their bodies' first bytes to the end
     * of their work, by a conservative estimate of what each body becomes; the other half is left to the answers of
     * searches and gets, the client's buffers and the facade itself.
     */
    public static final long DEFAULT_MAX_HELD_BYTES = 0;
    /**
     * Each byte a client sends resets the idle timeout, so a body sent a byte at a time would hold its buffer (and its share of
     * --max-body-bytes-in-flight) for ever: a body must be whole this long after its head, else 408 and close. 30 s takes
     * a 32 MiB body at 1.1 MB/s.
     */
    public static final Duration DEFAULT_REQUEST_BODY_TIMEOUT = Duration.ofSeconds(30);
    /** A quarter of {@link #DEFAULT_MAX_CLIENT_CONNECTIONS}: far above a load generator's shared connections, so one client address cannot take them all. */
    public static final int DEFAULT_MAX_CLIENT_CONNECTIONS_PER_ADDRESS = 1_024;

    /**
     * 0: half the JVM's max direct memory ({@link #unreadAnswerBound()}): Netty holds an answer in direct memory until its
     * client has read it, and direct memory that runs out fails every other answer without ending the JVM.
     */
    public static final long DEFAULT_MAX_UNREAD_ANSWER_BYTES = 0;
    /** An answer its client has not taken this long after it was written closes its connection: 30 s sends 24 MiB at 0.8 MB/s. */
    public static final Duration DEFAULT_ANSWER_WRITE_TIMEOUT = Duration.ofSeconds(30);

    public static final FacadeGuards DEFAULTS = new FacadeGuards(DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_CLIENT_CONNECTIONS, false,
        DEFAULT_POOL_WAIT_TIMEOUT, null, false, false);

    public FacadeGuards {
        require(idleTimeout != null && idleTimeout.toMillis() >= 100 && idleTimeout.toMillis() <= 3_600_000,
            "--idle-timeout-ms must be between 100 and 3600000, got " + (idleTimeout == null ? null : idleTimeout.toMillis()));
        require(maxClientConnections >= 1 && maxClientConnections <= 1_000_000,
            "--max-client-connections must be between 1 and 1000000, got " + maxClientConnections);
        require(poolWaitTimeout != null && poolWaitTimeout.toMillis() >= 1 && poolWaitTimeout.toMillis() <= 600_000,
            "--pool-wait-timeout-ms must be between 1 and 600000, got " + (poolWaitTimeout == null ? null : poolWaitTimeout.toMillis()));
        require(maxBodyBytesInFlight == 0 || maxBodyBytesInFlight >= 1024,
            "--max-body-bytes-in-flight must be 0 (an eighth of the max heap) or at least 1024, got " + maxBodyBytesInFlight);
        require(requestHeadTimeout != null && requestHeadTimeout.toMillis() >= 100 && requestHeadTimeout.toMillis() <= 3_600_000,
            "--request-head-timeout-ms must be between 100 and 3600000, got "
                + (requestHeadTimeout == null ? null : requestHeadTimeout.toMillis()));
        require(maxHeldBytes == 0 || maxHeldBytes >= 1024 * 1024,
            "--max-held-bytes must be 0 (half the max heap) or at least 1048576, got " + maxHeldBytes);
        require(requestBodyTimeout != null && requestBodyTimeout.toMillis() >= 100 && requestBodyTimeout.toMillis() <= 3_600_000,
            "--request-body-timeout-ms must be between 100 and 3600000, got "
                + (requestBodyTimeout == null ? null : requestBodyTimeout.toMillis()));
        require(maxClientConnectionsPerAddress >= 1 && maxClientConnectionsPerAddress <= maxClientConnections,
            "--max-client-connections-per-address must be between 1 and --max-client-connections (" + maxClientConnections + "), got "
                + maxClientConnectionsPerAddress);
        require(maxUnreadAnswerBytes == 0 || maxUnreadAnswerBytes >= 1024 * 1024,
            "--max-unread-answer-bytes must be 0 (half the max direct memory) or at least 1048576, got " + maxUnreadAnswerBytes);
        require(answerWriteTimeout != null && answerWriteTimeout.toMillis() >= 100 && answerWriteTimeout.toMillis() <= 3_600_000,
            "--answer-write-timeout-ms must be between 100 and 3600000, got "
                + (answerWriteTimeout == null ? null : answerWriteTimeout.toMillis()));
    }

    /** With the default bounds on body bytes in flight and on the time to send a request head. */
    public FacadeGuards(Duration idleTimeout, int maxClientConnections, boolean http2Cleartext, Duration poolWaitTimeout,
                        FacadeToken token, boolean insecureOpen, boolean allowCredentialsOverHttp) {
        this(idleTimeout, maxClientConnections, http2Cleartext, poolWaitTimeout, token, insecureOpen, allowCredentialsOverHttp,
            DEFAULT_MAX_BODY_BYTES_IN_FLIGHT, DEFAULT_REQUEST_HEAD_TIMEOUT, DEFAULT_MAX_HELD_BYTES, DEFAULT_REQUEST_BODY_TIMEOUT,
            Math.min(DEFAULT_MAX_CLIENT_CONNECTIONS_PER_ADDRESS, maxClientConnections), DEFAULT_MAX_UNREAD_ANSWER_BYTES,
            DEFAULT_ANSWER_WRITE_TIMEOUT);
    }

    /** The request-body bytes all requests may hold at once: {@link #maxBodyBytesInFlight}, or an eighth of the max heap for 0. */
    public long bodyBytesInFlightBound() {
        return maxBodyBytesInFlight > 0 ? maxBodyBytesInFlight : Runtime.getRuntime().maxMemory() / 8;
    }

    /** What requests may hold at once, bodies and all they become: {@link #maxHeldBytes}, or half the max heap for 0. */
    public long heldBytesBound() {
        return maxHeldBytes > 0 ? maxHeldBytes : Runtime.getRuntime().maxMemory() / 2;
    }

    /** What answers not read yet by their clients may hold at once: {@link #maxUnreadAnswerBytes}, or half the max direct memory for 0. */
    public long unreadAnswerBound() {
        return maxUnreadAnswerBytes > 0 ? maxUnreadAnswerBytes : UnreadAnswers.defaultBound();
    }

    public FacadeGuards withBodyBytesInFlight(long newMaxBodyBytesInFlight, Duration newRequestHeadTimeout) {
        return new FacadeGuards(idleTimeout, maxClientConnections, http2Cleartext, poolWaitTimeout, token, insecureOpen,
            allowCredentialsOverHttp, newMaxBodyBytesInFlight, newRequestHeadTimeout, maxHeldBytes, requestBodyTimeout,
            maxClientConnectionsPerAddress, maxUnreadAnswerBytes, answerWriteTimeout);
    }

    public FacadeGuards withHeldBytes(long newMaxHeldBytes) {
        return new FacadeGuards(idleTimeout, maxClientConnections, http2Cleartext, poolWaitTimeout, token, insecureOpen,
            allowCredentialsOverHttp, maxBodyBytesInFlight, requestHeadTimeout, newMaxHeldBytes, requestBodyTimeout,
            maxClientConnectionsPerAddress, maxUnreadAnswerBytes, answerWriteTimeout);
    }

    public FacadeGuards withToken(FacadeToken newToken) {
        return new FacadeGuards(idleTimeout, maxClientConnections, http2Cleartext, poolWaitTimeout, newToken, insecureOpen,
            allowCredentialsOverHttp, maxBodyBytesInFlight, requestHeadTimeout, maxHeldBytes, requestBodyTimeout,
            maxClientConnectionsPerAddress, maxUnreadAnswerBytes, answerWriteTimeout);
    }

    public FacadeGuards withIdleTimeout(Duration newIdleTimeout, int newMaxClientConnections) {
        return new FacadeGuards(newIdleTimeout, newMaxClientConnections, http2Cleartext, poolWaitTimeout, token, insecureOpen,
            allowCredentialsOverHttp, maxBodyBytesInFlight, requestHeadTimeout, maxHeldBytes, requestBodyTimeout,
            Math.min(maxClientConnectionsPerAddress, newMaxClientConnections), maxUnreadAnswerBytes,
            answerWriteTimeout);
    }

    /** Slow and many peers: the time a body may take, the inbound connections in all and from one address. */
    public FacadeGuards withPeers(Duration newRequestBodyTimeout, int newMaxClientConnections, int newMaxPerAddress) {
        return new FacadeGuards(idleTimeout, newMaxClientConnections, http2Cleartext, poolWaitTimeout, token, insecureOpen,
            allowCredentialsOverHttp, maxBodyBytesInFlight, requestHeadTimeout, maxHeldBytes, newRequestBodyTimeout, newMaxPerAddress,
            maxUnreadAnswerBytes, answerWriteTimeout);
    }

    /** Answers not read by their clients: the bytes they may hold at once, the time one may take to be read. */
    public FacadeGuards withUnreadAnswers(long newMaxUnreadAnswerBytes, Duration newAnswerWriteTimeout) {
        return new FacadeGuards(idleTimeout, maxClientConnections, http2Cleartext, poolWaitTimeout, token, insecureOpen,
            allowCredentialsOverHttp, maxBodyBytesInFlight, requestHeadTimeout, maxHeldBytes, requestBodyTimeout,
            maxClientConnectionsPerAddress, newMaxUnreadAnswerBytes, newAnswerWriteTimeout);
    }

    /**
     * The longest one OpenSearch call may take, all waits included (pool, connect, response) plus a
     * second of slack: past it the call fails even if the client never completes it (a dead I/O thread).
     */
    public Duration callDeadline(FacadeConfig config) {
        return poolWaitTimeout.plus(config.connectTimeout()).plus(config.responseTimeout()).plusSeconds(1);
    }

    /** Refuses a facade that others could reach without a token, or that would send credentials in clear text. */
    public void check(FacadeConfig config) {
        require(idleTimeout.compareTo(callDeadline(config)) > 0, "--idle-timeout-ms " + idleTimeout.toMillis() + " would close the"
            + " connection of a request still waiting on OpenSearch: make it longer than --pool-wait-timeout-ms +"
            + " --connect-timeout-ms + --response-timeout-ms + 1000 (" + callDeadline(config).toMillis() + ")");
        if (token == null && !insecureOpen && !isLoopback(config.host())) {
            throw new IllegalArgumentException("--host " + config.host() + " lets other hosts reach the facade, which holds"
                + " OpenSearch's access: give a token (" + FacadeToken.OPTION + " or $" + FacadeToken.ENV + "; clients then send"
                + " Authorization: Bearer <token>) or --insecure-open to serve without one");
        }
        if (config.access().credentials() != null && !allowCredentialsOverHttp) {
            for (URI uri : config.opensearch()) {
                require(!"http".equals(uri.getScheme()), "basic-auth credentials would cross the network in clear text to " + uri
                    + ": use an https:// URL, or --allow-credentials-over-http if this network is trusted");
            }
        }
    }

    static boolean isLoopback(String host) {
        return ServerTls.isLoopback(host);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
