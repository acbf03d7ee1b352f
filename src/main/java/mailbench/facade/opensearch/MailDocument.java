package mailbench.facade.opensearch;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A mail message as stored in the index (one document per message). {@code attachmentText}, the
 * text extracted from its attachments, may be megabytes; it is null (and left out of the JSON) when absent.
 */
public record MailDocument(
    String mailboxId,
    String messageId,
    String threadId,
    String from,
    List<String> to,
    List<String> cc,
    String subject,
    String body,
    Instant receivedAt,
    List<String> flags,
    long size,
    List<AttachmentInfo> attachments,
    @JsonInclude(JsonInclude.Include.NON_NULL) String attachmentText) {

    /** Attachment metadata only: the content itself is not indexed. */
    public record AttachmentInfo(String name, String contentType, long size) {
    }

    /** The document id: mailbox-scoped, unambiguous because ids never contain ':'. */
    public String documentId() {
        return documentId(mailboxId, messageId);
    }

    /** The one spelling of a document id, {@code <mailboxId>:<messageId>}, for every writer of the index and the direct path. */
    public static String documentId(String mailboxId, String messageId) {
        return mailboxId + ":" + messageId;
    }

    /** The message id in a {@link #documentId}. */
    public static String messageIdOf(String documentId) {
        return documentId.substring(documentId.indexOf(':') + 1);
    }
}
