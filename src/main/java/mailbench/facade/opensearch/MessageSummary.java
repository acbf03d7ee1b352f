package mailbench.facade.opensearch;

import java.time.Instant;

/** A hit's filtered {@code _source} with {@code --projection source}, decoded into a typed record (doc values: {@link DocValueHits}). */
public record MessageSummary(String subject, String from, Instant receivedAt) {
}
