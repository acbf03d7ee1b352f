package mailbench.facade.opensearch;

import java.util.List;

/** One page of search results: the total and the hits' ids with their projection. */
public record SearchPage(long total, List<Hit> hits) {

    /** One hit. */
    public record Hit(String messageId, String subject, String from, java.time.Instant receivedAt) {
    }
}
