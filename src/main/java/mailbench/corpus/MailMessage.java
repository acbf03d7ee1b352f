package mailbench.corpus;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One generated message as it sits in a mailbox; all lists are immutable. {@code attachmentText}
 * (text extracted from attachments) is null in the plain corpus and then left out of its JSON,
 * so that corpus stays byte-for-byte what it was.
 */
public record MailMessage(String mailboxId, String messageId, String threadId, String from,
                          List<String> to, List<String> cc, String subject, String body,
                          Instant receivedAt, List<String> flags, long size,
                          List<Attachment> attachments,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String attachmentText) {

    public MailMessage {
        to = List.copyOf(to);
        cc = List.copyOf(cc);
        flags = List.copyOf(flags);
        attachments = List.copyOf(attachments);
    }

    /** UTF-8 bytes of subject and body plus the attachment sizes: what {@code size} holds. */
    public static long sizeOf(String subject, String body, List<Attachment> attachments) {
        long size = utf8Length(subject) + utf8Length(body);
        for (Attachment attachment : attachments) {
            size += attachment.size();
        }
        return size;
    }

    // counting beats String.getBytes: no copy of bodies that can run to tens of kilobytes
    static long utf8Length(CharSequence text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
