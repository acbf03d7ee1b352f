package mailbench.jmh.client;

import java.util.List;
import java.util.function.Function;

import org.opensearch.client.opensearch.core.SearchResponse;

import mailbench.facade.opensearch.MailDocument;

/** The subjects of a decoded {@code SearchResponse<MailDocument>}, as JDK strings the other loader can read. */
public final class HitSubjects implements Function<Object, List<String>> {

    @Override
    public List<String> apply(Object response) {
        return ((SearchResponse<?>) response).hits().hits().stream()
            .map(hit -> ((MailDocument) hit.source()).subject())
            .toList();
    }
}
