package mailbench.facade;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.opensearch.MailDocument;

/**
 * Reads a bulk body, either NDJSON (one message per line) or one JSON array, streaming: each item
 * becomes a document before the next is parsed, so no tree of the whole body ever exists. A message
 * that is JSON but not valid is reported in its slot and never stops the good ones; a line that is
 * not JSON, or more items than allowed, refuses the whole bulk.
 */
public final class BulkPayload {

    private BulkPayload() {
    }

    /** One slot of the bulk: a document to index, or why this item was refused. */
    public record Item(MailDocument document, String mailboxId, String messageId, String error) {
    }

    /** Without a bound on what the items hold (tests). */
    public static List<Item> parse(byte[] body, int maxItems) {
        return parse(body, maxItems, new HeldBytes(Long.MAX_VALUE).newTicket());
    }

    /**
     * Each item's {@link Footprint} (its slot in the answer too) is taken from {@code held} as soon as it is parsed: a bulk
     * that would hold too much is refused before the next item is built (413 alone, 503 beside the others).
     */
    static List<Item> parse(byte[] body, int maxItems, HeldBytes.Ticket held) {
        int first = 0;
        while (first < body.length && Character.isWhitespace(body[first])) {
            first++;
        }
        if (first == body.length) {
            throw new BadRequest("the bulk body is empty: send NDJSON (one message per line) or a JSON array");
        }
        List<Item> items = body[first] == '[' ? array(body, maxItems, held) : lines(body, maxItems, held);
        if (items.isEmpty()) {
            throw new BadRequest("the bulk holds no message: send NDJSON (one message per line) or a non-empty JSON array");
        }
        return items;
    }

    private static Item item(JsonNode json, long wireBytes, int number, HeldBytes.Ticket held) {
        Item item;
        try {
            MailDocument document = MessagePayload.parse(json, null, null);
            item = new Item(document, document.mailboxId(), document.messageId(), null);
        } catch (BadRequest e) {
            item = new Item(null, text(json, "mailboxId"), text(json, "messageId"), e.getMessage());
        }
        long footprint = Footprint.ANSWER_SLOT_BYTES + (item.document() == null ? 0 : Footprint.of(item.document(), wireBytes));
        held.take(footprint, "the bulk (at item " + number + ")");
        return item;
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json == null ? null : json.get(field);
        return value != null && value.isTextual() ? Snippet.of(value.textValue()) : null;
    }

    /** Item by item as the parser reads them: each becomes a document (or an error) before the next is read. */
    private static List<Item> array(byte[] body, int maxItems, HeldBytes.Ticket held) {
        List<Item> items = new ArrayList<>();
        try (RequestJson.Tokens tokens = RequestJson.Tokens.over(body, 0, body.length)) {
            tokens.next();
            for (JsonToken token = tokens.next(); token != JsonToken.END_ARRAY; token = tokens.next()) {
                if (token == null) {
                    throw new BadRequest("the bulk body starts with '[' but is not a valid JSON array: no closing ']'");
                }
                requireRoom(items, maxItems);
                JsonNode node;
                long start = tokens.currentTokenLocation().getByteOffset();
                try {
                    node = tokens.value();
                } catch (BadRequest e) {
                    throw new BadRequest(e.status(), "item " + (items.size() + 1) + ": " + e.getMessage());
                }
                items.add(item(node, tokens.currentLocation().getByteOffset() - start, items.size() + 1, held));
            }
            if (tokens.next() != null) {
                throw new BadRequest("the bulk body starts with '[' but is not a valid JSON array: content after its closing ']'");
            }
        } catch (IOException e) {
            throw new BadRequest("the bulk body starts with '[' but is not a valid JSON array: " + RequestJson.reason(e));
        }
        return items;
    }

    /**
     * Line by line as they are read. A line that is not JSON (or passes a parsing limit) refuses the whole bulk at once,
     * naming it: a body of millions of garbage lines costs one error, not one per line.
     */
    private static List<Item> lines(byte[] body, int maxItems, HeldBytes.Ticket held) {
        List<Item> items = new ArrayList<>();
        int lineNumber = 0;
        int start = 0;
        while (start <= body.length) {
            int end = start;
            while (end < body.length && body[end] != '\n') {
                end++;
            }
            lineNumber++;
            if (!RequestJson.isBlank(body, start, end)) {
                requireRoom(items, maxItems);
                items.add(item(line(body, start, end, lineNumber), end - start, items.size() + 1, held));
            }
            start = end + 1;
        }
        return items;
    }

    private static JsonNode line(byte[] body, int start, int end, int lineNumber) {
        try (RequestJson.Tokens tokens = RequestJson.Tokens.over(body, start, end - start)) {
            tokens.next();
            JsonNode node = tokens.value();
            if (tokens.next() != null) {
                throw new BadRequest("line " + lineNumber + " is not valid JSON: content after its first value;"
                    + " nothing was indexed (one message per line)");
            }
            return node;
        } catch (IOException e) {
            throw new BadRequest("line " + lineNumber + " is not valid JSON: " + RequestJson.reason(e)
                + "; nothing was indexed (one message per line)");
        } catch (BadRequest e) {
            throw e.getMessage().startsWith("line ") ? e : new BadRequest(e.status(), "line " + lineNumber + ": " + e.getMessage());
        }
    }

    private static void requireRoom(List<Item> items, int maxItems) {
        if (items.size() == maxItems) {
            throw new BadRequest(413, "the bulk has more than " + maxItems + " items; at most " + maxItems
                + " per request (--max-bulk-items)");
        }
    }

}
