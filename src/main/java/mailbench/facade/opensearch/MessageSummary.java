package mailbench.facade.opensearch;

import java.time.Instant;

/** The projection a search returns per hit: decoded into a typed record, never a generic map. */
public record MessageSummary(String subject, String from, Instant receivedAt) {

    /** The only `_source` fields a search asks OpenSearch for. */
    public static final String[] SOURCE_FIELDS = {"subject", "from", "receivedAt"};
}
