package mailbench.facade;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.opensearch.MailDocument;
import mailbench.json.Json;

/**
 * Reads a bulk body, either NDJSON (one message per line) or one JSON array. Items are judged
 * one by one: a bad item is reported in its slot and never stops the good ones.
 */
public final class BulkPayload {

    private BulkPayload() {
    }

    /** One slot of the bulk: a document to index, or why this item was refused. */
    public record Item(MailDocument document, String mailboxId, String messageId, String error) {
    }

    public static List<Item> parse(byte[] body, int maxItems) {
        int first = 0;
        while (first < body.length && Character.isWhitespace(body[first])) {
            first++;
        }
        if (first == body.length) {
            throw new BadRequest("the bulk body is empty: send NDJSON (one message per line) or a JSON array");
        }
        List<JsonNodeOrError> nodes = body[first] == '[' ? array(body) : lines(body);
        if (nodes.isEmpty()) {
            throw new BadRequest("the bulk holds no message: send NDJSON (one message per line) or a non-empty JSON array");
        }
        if (nodes.size() > maxItems) {
            throw new BadRequest(413, "the bulk has " + nodes.size() + " items; at most " + maxItems + " per request");
        }
        List<Item> items = new ArrayList<>(nodes.size());
        for (JsonNodeOrError node : nodes) {
            items.add(item(node));
        }
        return items;
    }

    private static Item item(JsonNodeOrError node) {
        if (node.error() != null) {
            return new Item(null, null, null, node.error());
        }
        try {
            MailDocument document = MessagePayload.parse(node.json(), null, null);
            return new Item(document, document.mailboxId(), document.messageId(), null);
        } catch (BadRequest e) {
            return new Item(null, text(node.json(), "mailboxId"), text(node.json(), "messageId"), e.getMessage());
        }
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json == null ? null : json.get(field);
        return value != null && value.isTextual() ? Snippet.of(value.textValue()) : null;
    }

    private static List<JsonNodeOrError> array(byte[] body) {
        JsonNode root;
        try {
            root = Json.REQUEST_READER.readTree(body);
        } catch (IOException e) {
            throw new BadRequest("the bulk body starts with '[' but is not a valid JSON array: " + Snippet.of(reason(e)));
        }
        if (root == null || !root.isArray()) {
            throw new BadRequest("the bulk body must be a JSON array of messages or NDJSON");
        }
        List<JsonNodeOrError> nodes = new ArrayList<>(root.size());
        root.forEach(node -> nodes.add(new JsonNodeOrError(node, null)));
        return nodes;
    }

    private static List<JsonNodeOrError> lines(byte[] body) {
        List<JsonNodeOrError> nodes = new ArrayList<>();
        int lineNumber = 0;
        int start = 0;
        for (int i = 0; i <= body.length; i++) {
            if (i == body.length || body[i] == '\n') {
                lineNumber++;
                String line = new String(body, start, i - start, StandardCharsets.UTF_8).strip();
                if (!line.isEmpty()) {
                    nodes.add(parseLine(line, lineNumber));
                }
                start = i + 1;
            }
        }
        return nodes;
    }

    private static JsonNodeOrError parseLine(String line, int lineNumber) {
        try {
            return new JsonNodeOrError(Json.REQUEST_READER.readTree(line), null);
        } catch (IOException e) {
            return new JsonNodeOrError(null, "line " + lineNumber + " is not valid JSON: " + Snippet.of(reason(e)));
        }
    }

    private static String reason(IOException e) {
        return e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
    }

    private record JsonNodeOrError(JsonNode json, String error) {
    }
}
