package mailbench.facade;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.opensearch.MailDocument;

/** Reads one message's JSON into a {@link MailDocument}, naming the field and the expected type on any mistake. */
public final class MessagePayload {

    static final Set<String> FIELDS = Set.of("mailboxId", "messageId", "threadId", "from", "to", "cc", "subject",
        "body", "receivedAt", "flags", "size", "attachments", "attachmentText");
    static final Set<String> ATTACHMENT_FIELDS = Set.of("name", "contentType", "size");
    static final int MAX_RECIPIENTS = 1_000;
    static final int MAX_ATTACHMENTS = 1_000;

    private MessagePayload() {
    }

    /** Ids come from the URL (PUT) or from the item itself (bulk, where they are null here). */
    public static MailDocument parse(JsonNode json, String mailboxId, String messageId) {
        if (json == null || !json.isObject()) {
            throw new BadRequest("a message must be a JSON object");
        }
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new BadRequest("unknown field '" + Snippet.of(name) + "'; known: "
                    + String.join(", ", FIELDS.stream().sorted().toList()));
            }
        }
        String mailbox = idFrom(json, "mailboxId", mailboxId);
        String message = idFrom(json, "messageId", messageId);
        String threadId = optionalString(json, "threadId");
        String subject = orEmpty(optionalString(json, "subject"));
        String body = orEmpty(optionalString(json, "body"));
        List<MailDocument.AttachmentInfo> attachments = attachments(json);
        Long size = optionalLong(json, "size");
        long computedSize = size != null ? 0 : computedSize(subject, body, attachments);
        return new MailDocument(mailbox, message, threadId == null ? "t-" + message : Ids.require("threadId", threadId),
            address(json, "from", requiredString(json, "from")), addresses(json, "to"), addresses(json, "cc"),
            subject, body, receivedAt(json), flags(json), size == null ? computedSize : size, attachments,
            optionalString(json, "attachmentText"));
    }

    /** The message's size when the client gives none; past a long's range it is a mistake, not a negative size. */
    private static long computedSize(String subject, String body, List<MailDocument.AttachmentInfo> attachments) {
        long total = subject.getBytes(StandardCharsets.UTF_8).length + (long) body.getBytes(StandardCharsets.UTF_8).length;
        try {
            for (MailDocument.AttachmentInfo attachment : attachments) {
                total = Math.addExact(total, attachment.size());
            }
        } catch (ArithmeticException e) {
            throw new BadRequest("the attachments' sizes add up past " + Long.MAX_VALUE + " bytes: give each attachment's real"
                + " size, or the message's own 'size'");
        }
        return total;
    }

    private static String idFrom(JsonNode json, String field, String fromUrl) {
        String inBody = optionalString(json, field);
        if (fromUrl == null) {
            if (inBody == null) {
                throw new BadRequest("field '" + field + "' is required");
            }
            return Ids.require(field, inBody);
        }
        if (inBody != null && !inBody.equals(fromUrl)) {
            throw new BadRequest("field '" + field + "' (" + Snippet.of(inBody) + ") differs from the URL (" + fromUrl + ")");
        }
        return Ids.require(field, fromUrl);
    }

    private static String requiredString(JsonNode json, String field) {
        String value = optionalString(json, field);
        if (value == null) {
            throw new BadRequest("field '" + field + "' is required (a string)");
        }
        return value;
    }

    private static String optionalString(JsonNode json, String field) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new BadRequest("field '" + field + "' must be a string, got " + node.getNodeType().name().toLowerCase());
        }
        return node.textValue();
    }

    private static Long optionalLong(JsonNode json, String field) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.canConvertToExactIntegral() || !node.canConvertToLong() || node.asLong() < 0) {
            throw new BadRequest("field '" + field + "' must be a non-negative integer, got " + Snippet.of(node.toString()));
        }
        return node.asLong();
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    private static String address(JsonNode json, String field, String value) {
        return Addresses.require("field '" + field + "'", value);
    }

    private static List<String> strings(JsonNode json, String field, int max) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new BadRequest("field '" + field + "' must be an array of strings, got " + node.getNodeType().name().toLowerCase());
        }
        if (node.size() > max) {
            throw new BadRequest("field '" + field + "' has " + node.size() + " entries; at most " + max);
        }
        List<String> values = new ArrayList<>(node.size());
        for (JsonNode element : node) {
            if (!element.isTextual()) {
                throw new BadRequest("field '" + field + "' must be an array of strings, found " + Snippet.of(element.toString()));
            }
            values.add(element.textValue());
        }
        return values;
    }

    private static List<String> addresses(JsonNode json, String field) {
        List<String> values = new ArrayList<>();
        for (String value : strings(json, field, MAX_RECIPIENTS)) {
            values.add(address(json, field, value));
        }
        return List.copyOf(values);
    }

    private static List<String> flags(JsonNode json) {
        List<String> flags = new ArrayList<>();
        for (String flag : strings(json, "flags", Flags.MAX_PER_MESSAGE)) {
            flags.add(Flags.normalize(flag));
        }
        return List.copyOf(flags);
    }

    private static Instant receivedAt(JsonNode json) {
        String value = requiredString(json, "receivedAt");
        try {
            return Dates.require("field 'receivedAt'", Instant.parse(value));
        } catch (DateTimeParseException e) {
            throw new BadRequest("field 'receivedAt' must be an ISO-8601 instant like 2025-03-01T10:15:30Z, got '"
                + Snippet.of(value) + "'");
        }
    }

    private static List<MailDocument.AttachmentInfo> attachments(JsonNode json) {
        JsonNode node = json.get("attachments");
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray() || node.size() > MAX_ATTACHMENTS) {
            throw new BadRequest("field 'attachments' must be an array of at most " + MAX_ATTACHMENTS
                + " objects {name, contentType, size}");
        }
        List<MailDocument.AttachmentInfo> attachments = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            JsonNode attachment = node.get(i);
            String where = "attachments[" + i + "]";
            if (!attachment.isObject()) {
                throw new BadRequest(where + " must be an object {name, contentType, size}");
            }
            for (Iterator<String> names = attachment.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!ATTACHMENT_FIELDS.contains(name)) {
                    throw new BadRequest(where + " has an unknown field '" + Snippet.of(name) + "'; known: contentType, name, size");
                }
            }
            try {
                Long size = optionalLong(attachment, "size");
                String name = Keywords.require("field 'name'", orEmpty(optionalString(attachment, "name")));
                String contentType = Keywords.require("field 'contentType'", orEmpty(optionalString(attachment, "contentType")));
                attachments.add(new MailDocument.AttachmentInfo(name, contentType, size == null ? 0 : size));
            } catch (BadRequest e) {
                throw new BadRequest(where + ": " + e.getMessage());
            }
        }
        return List.copyOf(attachments);
    }
}
