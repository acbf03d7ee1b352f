package mailbench.errors;

/**
 * A tool cannot do what it was asked (a bad option, a folder or file missing or unreadable, a service that does not
 * answer): the command exits 2 with this message, which names the fix; never read as "no regression" or "passed".
 */
public final class ToolError extends RuntimeException {

    public ToolError(String message) {
        super(message);
    }
}
