package mailbench.facade;

import java.util.List;

import mailbench.facade.opensearch.MailDocument;

/**
 * A conservative estimate of the heap one message holds from its parsing to the end of its OpenSearch call, computed from
 * its shape before the request for OpenSearch is built (so a refusal comes before the memory is spent):
 * <ul>
 * <li>its objects: every string at 2 bytes a character plus 48 bytes of headers (a 64-bit JVM with compressed
 * pointers), every list at 48 bytes plus 8 a slot, 32 an attachment, {@value #DOCUMENT_BYTES} the message itself;</li>
 * <li>its part of the serialised request, 3 times over: the client serialises into a {@code ByteArrayOutputStream}
 * that doubles as it grows, then copies it whole. The JSON of a string is never longer than it was on the wire
 * (an escape comes out no longer than it came in), so its text is bounded by the message's wire bytes; what the
 * shape adds on top of them (field names and defaults a short input leaves out: {@code {}} is 2 bytes in and a
 * 37-byte attachment out) is counted per element.</li>
 * </ul>
 * {@code FootprintTest} measures real messages of each shape against it.
 */
final class Footprint {

    /** The client's copy of the serialised request: the growing buffer (up to twice the bytes) plus its final copy. */
    static final int SERIALISED_COPIES = 3;
    static final int DOCUMENT_BYTES = 160;
    static final int STRING_BYTES = 48;
    static final int LIST_BYTES = 48;
    static final int SLOT_BYTES = 8;
    static final int ATTACHMENT_BYTES = 32;
    /** A bulk's action line, every field name, the default values and computed fields (thread id, size) in JSON. */
    static final int SERIALISED_DOCUMENT_BYTES = 512;
    /** {@code {"name":"","contentType":"","size":}} and 20 digits. */
    static final int SERIALISED_ATTACHMENT_BYTES = 64;
    /** Quotes and a comma, and a normalised flag's added backslash (escaped: two bytes). */
    static final int SERIALISED_VALUE_BYTES = 8;
    /**
     * One slot of a bulk's answer: OpenSearch's item in its JSON (buffered), parsed, the facade's slot and its JSON.
     * {@code FootprintTest} measures about 2,000 bytes for a slot with a 180-character error; twice that for longer ones.
     */
    static final int ANSWER_SLOT_BYTES = 4_096;

    private Footprint() {
    }

    /** The heap {@code document}, read from {@code wireBytes} bytes of the body, holds until its request's work ends. */
    static long of(MailDocument document, long wireBytes) {
        return objects(document) + SERIALISED_COPIES * serialised(document, wireBytes);
    }

    static long objects(MailDocument d) {
        long bytes = DOCUMENT_BYTES + strings(d.mailboxId(), d.messageId(), d.threadId(), d.from(), d.subject(), d.body(),
            d.attachmentText()) + list(d.to()) + list(d.cc()) + list(d.flags());
        bytes += LIST_BYTES + (long) SLOT_BYTES * d.attachments().size();
        for (MailDocument.AttachmentInfo attachment : d.attachments()) {
            bytes += ATTACHMENT_BYTES + strings(attachment.name(), attachment.contentType());
        }
        return bytes;
    }

    static long serialised(MailDocument d, long wireBytes) {
        int values = d.to().size() + d.cc().size() + d.flags().size();
        // ids (ASCII) once more: the document id in the action line, and a thread id the message may not have sent
        long ids = d.mailboxId().length() + 1 + d.messageId().length() + d.threadId().length();
        return wireBytes + SERIALISED_DOCUMENT_BYTES + ids + (long) SERIALISED_VALUE_BYTES * values
            + (long) SERIALISED_ATTACHMENT_BYTES * d.attachments().size();
    }

    private static long list(List<String> values) {
        long bytes = LIST_BYTES + (long) SLOT_BYTES * values.size();
        for (String value : values) {
            bytes += string(value);
        }
        return bytes;
    }

    private static long strings(String... values) {
        long bytes = 0;
        for (String value : values) {
            bytes += string(value);
        }
        return bytes;
    }

    private static long string(String value) {
        return value == null ? 0 : STRING_BYTES + 2L * value.length();
    }
}
