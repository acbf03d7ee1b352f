package mailbench.facade;

/** Where the facade serves HTTP, and on how many Vert.x event loops (one server each on the same port). */
public record Listen(String host, int port, int eventLoops) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    public static final int DEFAULT_EVENT_LOOPS = 1;

    public static final Listen DEFAULTS = new Listen(DEFAULT_HOST, DEFAULT_PORT, DEFAULT_EVENT_LOOPS);

    public Listen {
        Checks.require(host != null && !host.isBlank(), "--host must not be empty");
        Checks.require(port >= 0 && port <= 65535, "--port must be between 0 (any free port) and 65535, got " + port);
        Checks.require(eventLoops >= 1 && eventLoops <= 64, "--event-loops must be between 1 and 64, got " + eventLoops);
    }

    /** On loopback, any free port, one event loop: the facade of a test or of the local stack. */
    public static Listen anyLoopbackPort() {
        return new Listen(DEFAULT_HOST, 0, DEFAULT_EVENT_LOOPS);
    }
}
