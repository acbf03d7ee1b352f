package mailbench.facade.opensearch;

import java.time.Instant;
import java.util.List;

/** A validated mail search: every field is already checked, nothing here is raw query DSL. */
public record MailQuery(
    String mailboxId,
    String text,
    String from,
    String to,
    String subject,
    Instant after,
    Instant before,
    List<String> flags,
    Sort sort,
    int limit,
    int offset) {

    /** The orders a mailbox listing can be sorted by. */
    public enum Sort {
        RECEIVED_AT_DESC("receivedAt:desc"),
        RECEIVED_AT_ASC("receivedAt:asc"),
        SIZE_DESC("size:desc"),
        SIZE_ASC("size:asc"),
        RELEVANCE("relevance");

        private final String label;

        Sort(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
