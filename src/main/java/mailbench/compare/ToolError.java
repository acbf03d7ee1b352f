package mailbench.compare;

/** The comparison cannot be made (bad folder, missing or unreadable files): exit code 2, never "no regression". */
public final class ToolError extends RuntimeException {

    public ToolError(String message) {
        super(message);
    }
}
