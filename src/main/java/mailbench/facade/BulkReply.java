package mailbench.facade;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mailbench.facade.opensearch.MailStore;

/** The answer to {@code POST /messages/_bulk}: one slot per item, in the request's order, refused items included. */
final class BulkReply {

    private BulkReply() {
    }

    /** {@code results}: the outcomes of the valid items, in order; {@code start}: when the bulk began ({@link System#nanoTime}). */
    static Map<String, Object> of(List<BulkPayload.Item> items, List<MailStore.BulkOutcome> results, long start) {
        List<Map<String, Object>> slots = new ArrayList<>(items.size());
        int next = 0;
        int failed = 0;
        for (BulkPayload.Item item : items) {
            Map<String, Object> slot = new LinkedHashMap<>();
            slot.put("mailboxId", item.mailboxId());
            slot.put("messageId", item.messageId());
            if (item.document() == null) {
                slot.put("status", 400);
                slot.put("error", item.error());
            } else {
                MailStore.BulkOutcome outcome = results.get(next++);
                slot.put("status", outcome.status());
                if (outcome.error() != null) {
                    // the item's slot reaches the client: no backend host or certificate in it
                    slot.put("error", Redaction.of(outcome.error()));
                }
            }
            if (slot.containsKey("error")) {
                failed++;
            }
            slots.add(slot);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tookMs", (System.nanoTime() - start) / 1_000_000);
        body.put("errors", failed > 0);
        body.put("indexed", items.size() - failed);
        body.put("failed", failed);
        body.put("items", slots);
        return body;
    }
}
