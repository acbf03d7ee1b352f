package mailbench.corpus;

/** One file attached to a message: its name, MIME type and size in bytes. */
public record Attachment(String name, String contentType, long size) {
}
