package mailbench.loader;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchHttp;
import mailbench.corpus.CorpusSpec;
import mailbench.facadeclient.FacadeAccess;
import mailbench.facade.opensearch.MailDocument;
import mailbench.json.Json;

/**
 * Before a load against a target: a few of the feeders' requests, one at a time, must find what the feeders say is
 * there. Feeders made from another corpus than the target's index holds otherwise run the whole load into empty pages
 * and 404s (100k-corpus feeders against a 20k index: 47% of searches found nothing, 22% of gets 404, for minutes) and
 * the run fails without saying why; here it stops in seconds, naming the two ways to make them agree.
 */
public final class CorpusPreflight {

    /** Rounds of the feeders' four requests (search by text, by sender, by date range, get by id). */
    static final int ROUNDS = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static final HttpClient HTTP = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .connectTimeout(Duration.ofSeconds(5)).build();

    private CorpusPreflight() {
    }

    /**
     * Through the facade: the first rounds of the feeders' requests, with the facade's token and TLS trust; returns what
     * was checked, or throws naming the fix.
     */
    public static String throughFacade(URI facade, Path feeders, CorpusSpec corpus, FacadeAccess access)
        throws IOException, InterruptedException {
        List<String> paths = SearchWarmer.paths(feeders);
        List<String> missing = new ArrayList<>();
        int checked = Math.min(paths.size(), ROUNDS * 4);
        for (String path : paths.subList(0, checked)) {
            HttpResponse<String> response = access.http().send(access.authorize(HttpRequest.newBuilder(URI.create(facade + path))).timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
            boolean search = path.contains("/search?");
            if (response.statusCode() == 404 && !search || response.statusCode() == 200 && search && total(response.body()) == 0) {
                missing.add("GET " + path + (search ? " found nothing" : " answered 404"));
            } else if (response.statusCode() != 200) {
                throw new IOException("target preflight: GET " + facade + path + " answered " + response.statusCode() + ": "
                    + abbreviate(response.body()));
            }
        }
        return verdict(missing, checked, corpus, facade);
    }

    /**
     * The direct path: the first messages of the feeders fetched by id, and the first text searches counted, in
     * {@code index} of OpenSearch, as the direct requests send them.
     */
    public static String direct(OpenSearchHttp opensearch, String index, Path feeders, CorpusSpec corpus, URI target)
        throws IOException, InterruptedException {
        List<String> missing = new ArrayList<>();
        List<String[]> messages = SearchWarmer.rows(feeders.resolve("messages.csv"));
        List<String[]> texts = SearchWarmer.rows(feeders.resolve("search-text.csv"));
        int checked = 0;
        for (String[] row : messages.subList(0, Math.min(ROUNDS, messages.size()))) {
            String path = "/" + index + "/_doc/" + MailDocument.documentId(row[0], row[1]);
            HttpResponse<String> response = opensearch.send("GET", path, null, TIMEOUT);
            checked++;
            if (response.statusCode() == 404) {
                missing.add("GET " + path + " answered 404");
            } else if (response.statusCode() != 200) {
                throw new IOException("target preflight: GET " + path + " answered " + response.statusCode() + ": " + abbreviate(response.body()));
            }
        }
        for (String[] row : texts.subList(0, Math.min(ROUNDS, texts.size()))) {
            Map<String, Object> query = Map.of("query", Map.of("bool", Map.of(
                "filter", List.of(Map.of("term", Map.of("mailboxId", row[0]))),
                "must", List.of(Map.of("multi_match", Map.of("query", row[1], "fields", List.of("subject^2", "body"), "operator", "and"))))));
            String path = "/" + index + "/_count";
            HttpResponse<String> response = opensearch.send("POST", path, Json.MAPPER.writeValueAsBytes(query), TIMEOUT);
            checked++;
            if (response.statusCode() == 404 || response.statusCode() == 200 && Json.MAPPER.readTree(response.body()).path("count").asLong() == 0) {
                missing.add("text \"" + row[1] + "\" in mailbox " + row[0] + " found nothing in " + index);
            } else if (response.statusCode() != 200) {
                throw new IOException("target preflight: POST " + path + " answered " + response.statusCode() + ": " + abbreviate(response.body()));
            }
        }
        return verdict(missing, checked, corpus, target);
    }

    private static String verdict(List<String> missing, int checked, CorpusSpec corpus, URI target) throws IOException {
        if (missing.isEmpty()) {
            return "target preflight: the target holds the feeders' corpus (" + checked + " of their requests found what they look for)";
        }
        throw new IOException("the target's index does not hold the corpus these feeders were made from (" + describe(corpus) + "): "
            + missing.size() + " of " + checked + " of their requests found nothing, e.g. " + missing.get(0) + ". Either load that"
            + " corpus into the target: java -jar target/mailbench.jar load --facade " + target + " --opensearch <its OpenSearch>"
            + " --seed " + corpus.seed() + " --messages " + corpus.messages() + " --users " + corpus.users()
            + (corpus.attachmentTextBytes() > 0 ? " --attachment-text-bytes " + corpus.attachmentTextBytes() : "")
            + "; or run with the corpus knobs of the corpus the target holds"
            + " (-D" + CorpusSpec.SEED_KNOB + ", -D" + CorpusSpec.MESSAGES_KNOB + ", -D" + CorpusSpec.USERS_KNOB
            + "), which pick the feeders made from it");
    }

    private static String describe(CorpusSpec corpus) {
        return "seed " + corpus.seed() + ", " + corpus.messages() + " messages, " + corpus.users() + " users";
    }

    private static long total(String body) throws IOException {
        JsonNode page = Json.MAPPER.readTree(body);
        return page.path("total").asLong(-1);
    }

    private static String abbreviate(String body) {
        return body.length() <= 300 ? body : body.substring(0, 300) + "...";
    }
}
