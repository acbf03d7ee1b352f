package mailbench.indexing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;

import com.fasterxml.jackson.databind.node.ObjectNode;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;
import mailbench.facade.opensearch.MailDocument;
import mailbench.json.Json;

/**
 * The documents every cell of a bulk matrix sends, serialized once so a cell's cost is the
 * indexing, not the generator: the first N messages of a corpus, as NDJSON bulk bodies for the
 * facade ({@code POST /messages/_bulk}) or for OpenSearch's own {@code _bulk} (action line + source,
 * the same {@code _id} the facade gives a message).
 */
public final class BulkDocuments {

    /** Added to the documents made invalid on purpose: the facade and the strict mapping both refuse an unknown field. */
    static final String INVALID_FIELD = "spamScore";

    private final byte[][] lines;

    private BulkDocuments(byte[][] lines) {
        this.lines = lines;
    }

    /** {@code count} messages of the corpus of {@code spec} (its seed and users), as items of the given path's bulk body. */
    public static BulkDocuments of(CorpusSpec spec, int count, BulkMatrix matrix, boolean direct) {
        byte[][] lines = new byte[count][];
        Iterator<MailMessage> messages = new CorpusGenerator(spec.withMessages(count)).iterator();
        for (int i = 0; i < count; i++) {
            lines[i] = item(messages.next(), matrix.invalid(i), direct);
        }
        return new BulkDocuments(lines);
    }

    private static byte[] item(MailMessage message, boolean invalid, boolean direct) {
        ObjectNode json = Json.MAPPER.valueToTree(message);
        if (invalid) {
            json.put(INVALID_FIELD, 0.5);
        }
        StringBuilder item = new StringBuilder();
        if (direct) {
            ObjectNode action = Json.MAPPER.createObjectNode();
            action.putObject("index").put("_id", MailDocument.documentId(message.mailboxId(), message.messageId()));
            item.append(action).append('\n');
        }
        item.append(json).append('\n');
        return item.toString().getBytes(StandardCharsets.UTF_8);
    }

    public int size() {
        return lines.length;
    }

    /** The NDJSON body of documents {@code from} (inclusive) to {@code to} (exclusive). */
    public byte[] body(int from, int to) {
        int length = 0;
        for (int i = from; i < to; i++) {
            length += lines[i].length;
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(length);
        for (int i = from; i < to; i++) {
            body.write(lines[i], 0, lines[i].length);
        }
        return body.toByteArray();
    }

    /** For callers that need a document alone (tests). */
    String line(int i) {
        return new String(lines[i], StandardCharsets.UTF_8);
    }
}
