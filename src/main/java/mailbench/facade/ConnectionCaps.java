package mailbench.facade;

/**
 * Inbound connections the facade holds open at once: in all, and from one client address, so that one client cannot take
 * them all. Beyond either, a new connection is closed at once, before any token is read.
 */
public record ConnectionCaps(int max, int perAddress) {

    /** Far above a load generator's shared connections, far below the file descriptors of a default host (ulimit -n). */
    public static final int DEFAULT_MAX = 4_096;
    /** A quarter of {@link #DEFAULT_MAX}: far above a load generator's shared connections, so one client address cannot take them all. */
    public static final int DEFAULT_PER_ADDRESS = 1_024;

    public static final ConnectionCaps DEFAULTS = new ConnectionCaps(DEFAULT_MAX, DEFAULT_PER_ADDRESS);

    public ConnectionCaps {
        Checks.require(max >= 1 && max <= 1_000_000, "--max-client-connections must be between 1 and 1000000, got " + max);
        Checks.require(perAddress >= 1 && perAddress <= max, "--max-client-connections-per-address must be between 1 and"
            + " --max-client-connections (" + max + "), got " + perAddress);
    }

    /** {@code max} in all, and the default per address, never above it. */
    public static ConnectionCaps of(int max) {
        return new ConnectionCaps(max, Math.min(DEFAULT_PER_ADDRESS, max));
    }
}
