package mailbench.facade.opensearch;

import java.time.Instant;

/** A hit's filtered {@code _source} with {@code --projection source}, decoded into a typed record (doc values: {@link DocValueHits}). */
public record MessageSummary(String subject, String from, Instant receivedAt) {

    /** The only `_source` fields a search asks OpenSearch for. */
    public static final String[] SOURCE_FIELDS = {"subject", "from", "receivedAt"};
}
