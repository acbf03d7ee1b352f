package mailbench.facade;

/** A request the facade refuses, with the status and the sentence the client will read. */
public final class BadRequest extends RuntimeException {

    private final int status;

    public BadRequest(String message) {
        this(400, message);
    }

    public BadRequest(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
