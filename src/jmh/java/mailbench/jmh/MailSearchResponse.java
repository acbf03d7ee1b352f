package mailbench.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.opensearch.MailDocument;
import mailbench.json.Json;

/**
 * A search response body as OpenSearch 2.19 returns a mailbox listing: the newest 20 messages of
 * one mailbox of a generated corpus, each with its whole stored {@code _source} (the document as
 * the facade indexed it), sorted by date, so {@code _score} is null and {@code sort} holds the date.
 */
public record MailSearchResponse(List<MailDocument> documents, byte[] json) {

    public static final int HITS = 20;
    // small and fixed: 10 mailboxes of about 200 messages, the same bytes on every run
    static final CorpusSpec CORPUS = new CorpusSpec(42, 2_000, 10);
    static final String INDEX = "messages";

    public static MailSearchResponse generate() {
        ObjectMapper mapper = Json.newMapper();
        List<MailDocument> mailbox = mailboxOfFirstMessage(mapper);
        List<MailDocument> newest = mailbox.stream()
            .sorted(Comparator.comparing(MailDocument::receivedAt).reversed())
            .limit(HITS)
            .toList();
        try {
            return new MailSearchResponse(newest, mapper.writeValueAsBytes(body(mapper, newest, mailbox.size())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public List<String> subjects() {
        return documents.stream().map(MailDocument::subject).toList();
    }

    private static List<MailDocument> mailboxOfFirstMessage(ObjectMapper mapper) {
        List<MailDocument> all = new CorpusGenerator(CORPUS).messages()
            .map(message -> mapper.convertValue(message, MailDocument.class))
            .toList();
        String mailboxId = all.get(0).mailboxId();
        return all.stream().filter(document -> document.mailboxId().equals(mailboxId)).toList();
    }

    private static ObjectNode body(ObjectMapper mapper, List<MailDocument> hits, int total) {
        ObjectNode root = mapper.createObjectNode();
        root.put("took", 3).put("timed_out", false);
        root.putObject("_shards").put("total", 1).put("successful", 1).put("skipped", 0).put("failed", 0);
        ObjectNode outer = root.putObject("hits");
        outer.putObject("total").put("value", total).put("relation", "eq");
        outer.putNull("max_score");
        ArrayNode array = outer.putArray("hits");
        for (MailDocument document : hits) {
            ObjectNode hit = array.addObject();
            hit.put("_index", INDEX).put("_id", document.documentId()).putNull("_score");
            hit.set("_source", mapper.valueToTree(document));
            hit.putArray("sort").add(document.receivedAt().toEpochMilli());
        }
        return root;
    }
}
