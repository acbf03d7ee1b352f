package mailbench.network;

/** toxiproxy-server cannot be found, built or started here; the message names the fix. */
public final class ToxiproxyUnavailable extends IllegalStateException {

    public ToxiproxyUnavailable(String message) {
        super(message);
    }

    public ToxiproxyUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
