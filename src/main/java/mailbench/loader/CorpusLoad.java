package mailbench.loader;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;
import mailbench.facadeclient.FacadeAccess;
import mailbench.facadeclient.HealthProbe;
import mailbench.json.Json;

/**
 * The corpus into a facade that runs already (staging, the compose stack): the local stack's load
 * step on its own. With the facade's OpenSearch URL it is skipped when the index holds the corpus
 * (same count, same first message), and the index is force-merged after a load.
 */
public final class CorpusLoad {

    /**
     * Where to load: {@code opensearch} are the facade's OpenSearch hosts, taken in turn, reached with {@code access}
     * (CA, credentials); none: nothing is counted or merged. {@code facadeAccess}: the facade's token and TLS trust.
     */
    public record Target(URI facade, List<URI> opensearch, OpenSearchAccess access, String index, FacadeAccess facadeAccess) {

        /** A facade without a token, on http or with a certificate of a CA the JDK trusts. */
        public Target(URI facade, List<URI> opensearch, OpenSearchAccess access, String index) {
            this(facade, opensearch, access, index, FacadeAccess.NONE);
        }

        public Target {
            requireHttp("--facade", facade);
            opensearch = List.copyOf(opensearch);
            opensearch.forEach(url -> requireHttp("--opensearch", url));
            if (access == null || facadeAccess == null) {
                throw new IllegalArgumentException("OpenSearch and facade access must be given (OpenSearchAccess.NONE,"
                    + " FacadeAccess.NONE: JDK CAs, no credentials, no token)");
            }
        }

        private static void requireHttp(String option, URI url) {
            if (url == null || url.getHost() == null || !List.of("http", "https").contains(String.valueOf(url.getScheme()))) {
                throw new IllegalArgumentException(option + " must be an http(s) URL such as http://127.0.0.1:8080, got " + url);
            }
        }
    }

    private final Target target;
    private final OpenSearchHttp opensearch;
    private final Consumer<String> progress;

    public CorpusLoad(Target target, Consumer<String> progress) {
        this.target = target;
        this.opensearch = target.opensearch().isEmpty() ? null : new OpenSearchHttp(target.opensearch(), target.access());
        this.progress = progress;
    }

    /** Returns the messages sent: 0 when the index held the corpus already and {@code force} is false. */
    public long run(CorpusSpec spec, boolean force) throws IOException, InterruptedException {
        HealthProbe.check(target.facade(), "--facade", target.facadeAccess());
        if (!force && holds(spec)) {
            progress.accept(String.format("index %s already holds the corpus (%,d messages, seed %d): nothing to load",
                target.index(), spec.messages(), spec.seed()));
            return 0;
        }
        long sent = new CorpusLoader(target.facade(), target.facadeAccess(), progress).load(spec);
        if (opensearch != null) {
            // one segment, like a settled production index (as the local stack does)
            progress.accept("force-merging index " + target.index());
            OpenSearchAdmin.forceMerge(opensearch, target.index());
        }
        return sent;
    }

    /**
     * Same count and the spec's first message as generated (subject and attachment text length): another seed, size or
     * attachment text size fails one of them, so the plain corpus is never taken for a large-text one or the other way.
     */
    boolean holds(CorpusSpec spec) throws IOException, InterruptedException {
        if (opensearch == null) {
            return false;
        }
        long count = OpenSearchAdmin.count(opensearch, target.index());
        if (count != spec.messages()) {
            if (count > 0) {
                progress.accept(String.format("index %s holds %,d messages, the corpus has %,d: loading it", target.index(), count,
                    spec.messages()));
            }
            return false;
        }
        MailMessage first = new CorpusGenerator(spec).iterator().next();
        URI url = target.facade().resolve("/mailboxes/" + encode(first.mailboxId()) + "/messages/" + encode(first.messageId()));
        HttpResponse<String> response = target.facadeAccess().http().send(target.facadeAccess().authorize(HttpRequest.newBuilder(url))
            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            return false;
        }
        JsonNode stored = Json.MAPPER.readTree(response.body());
        int textLength = first.attachmentText() == null ? 0 : first.attachmentText().length();
        return first.subject().equals(stored.path("subject").asText()) && stored.path("attachmentText").asText("").length() == textLength;
    }

    private static String encode(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8);
    }
}
