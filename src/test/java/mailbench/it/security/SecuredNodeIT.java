package mailbench.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.access.TlsTrust;
import mailbench.cli.MailbenchMain;
import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;
import mailbench.facade.FacadeServer;
import mailbench.indexing.BulkDocuments;
import mailbench.indexing.BulkMatrix;
import mailbench.indexing.BulkMatrixRun;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.Http;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TestCertificates;
import mailbench.json.Json;
import mailbench.loader.OpenSearchAdmin;
import mailbench.results.ResultsIndex;
import mailbench.run.NodeSnapshots;
import mailbench.stack.EmbeddedNode;
import mailbench.stack.MavenClasspath;
import mailbench.stack.NodeJdk;
import mailbench.stack.NodeSecurity;

/**
 * The role mailbench ships, against a real node with OpenSearch's security plugin (2.19.3, the version whose plugin zip is
 * on Maven Central; TLS on HTTP and transport with a CA made here, the plugin's own first-start setup of users and roles):
 * a user holding only that role runs the facade, the corpus load, the node snapshots, the bulk matrix's recreate and count,
 * the results store and a direct-path Gatling run, all on the index "mail-bench"; a user whose role lacks one permission
 * gets a sentence naming it and the fix. Skipped, with the reason, when the plugin cannot be resolved.
 */
class SecuredNodeIT {

    static final String VERSION = "2.19.3";
    private static final Path DIR = Path.of("target", "it-secured-node").toAbsolutePath();
    private static final String INDEX = "mail-bench";
    private static final CorpusSpec CORPUS = new CorpusSpec(5, 400, 10);

    private static EmbeddedNode node;
    private static Path ca;
    private static Path mailbench;
    private static Path noSearch;

    @BeforeAll
    static void startSecuredNode() throws Exception {
        try {
            MavenClasspath.artifact("org.opensearch.plugin:opensearch-security:zip:" + VERSION + ".0");
        } catch (IllegalStateException e) {
            Assumptions.abort("OpenSearch's security plugin " + VERSION + " cannot be resolved here (" + e.getMessage() + ")");
        }
        Files.createDirectories(DIR);
        TestCertificates certificates = TestCertificates.create();
        ca = certificates.writeCaPem(DIR.resolve("ca.pem"));
        certificates.writeServerPem(DIR.resolve("node.pem"), DIR.resolve("node-key.pem"));
        mailbench = Files.writeString(DIR.resolve("mailbench-credentials"), "mailbench:mb-" + System.nanoTime() + "\n");
        noSearch = Files.writeString(DIR.resolve("nosearch-credentials"), "mailbench-nosearch:ns-" + System.nanoTime() + "\n");
        NodeSecurity security = new NodeSecurity(DIR.resolve("node.pem"), DIR.resolve("node-key.pem"), ca,
            RoleWithout.write(DIR.resolve("roles.yml"), "indices:data/read/search*"),
            RoleWithout.writeMapping(DIR.resolve("roles_mapping.yml"), "mailbench-nosearch"), List.of(mailbench, noSearch));
        long started = System.nanoTime();
        node = EmbeddedNode.start(VERSION, NodeJdk.current(), SharedNode.JIT, "512m", DIR.resolve("node"), EmbeddedNode.DEFAULT_PORTS, security,
            line -> System.out.println("[secured node] " + line));
        System.out.println("[secured node] up in " + (System.nanoTime() - started) / 1_000_000 + " ms");
    }

    @AfterAll
    static void stopNode() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void theShippedRoleShouldLetTheFacadeTheLoadTheSnapshotsTheBulkMatrixAndTheResultsStoreDoTheirWork() throws Exception {
        OpenSearchAccess access = access(mailbench);
        try (FacadeServer facade = FacadeServer.start(FacadeConfigs.secured(node.url(), access, INDEX, 0))) {
            URI url = URI.create("http://127.0.0.1:" + facade.port());
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(Http.get(url, "/health").status()).isEqualTo(200));
            // mailbench load: through the facade, then counted, force-merged and refreshed as the mailbench user
            assertThat(MailbenchMain.run("load", "--facade", url.toString(), "--opensearch", node.url().toString(),
                "--opensearch-ca", ca.toString(), "--opensearch-credentials-file", mailbench.toString(), "--index", INDEX,
                "--messages", "" + CORPUS.messages(), "--users", "" + CORPUS.users(), "--seed", "" + CORPUS.seed())).isZero();
            MailMessage first = new CorpusGenerator(CORPUS).iterator().next();
            Http.Reply search = Http.get(url, "/mailboxes/" + first.mailboxId() + "/search?limit=5");
            assertThat(search.status()).as(search.raw()).isEqualTo(200);
            assertThat(search.json().get("total").asLong()).isPositive();
            assertThat(Http.get(url, "/mailboxes/" + first.mailboxId() + "/messages/" + first.messageId()).status()).isEqualTo(200);
        }

        List<String> events = new ArrayList<>();
        NodeSnapshots.write(new OpenSearchHttp(List.of(node.url()), access), DIR.resolve("logs"), "before", events::add);
        assertThat(events).isEmpty();
        assertThat(Files.readString(DIR.resolve("logs").resolve("node-stats-before.json"))).contains("\"nodes\"");
        assertThat(DIR.resolve("logs").resolve("node-hot-threads-before.txt")).exists();

        // the bulk matrix's fresh index (delete, create with a replica) and its count, on an index of the role's pattern
        BulkMatrix matrix = new BulkMatrix(List.of(10), List.of(1), 20, 0, 0);
        BulkMatrixRun run = new BulkMatrixRun(matrix, BulkDocuments.of(CORPUS, 20, matrix, false), List.of(node.url()), access,
            INDEX + "-bulk", 1, events::add);
        run.prepare(matrix.cells().get(0));
        run.check(matrix.cells().get(0));
        assertThat(run.outcomes()).singleElement().satisfies(outcome -> assertThat(outcome.problem()).as(events.toString()).isNull());
        // one node cannot place the replica: the index has one more shard copy than it can hold, so the knob reached OpenSearch
        JsonNode health = Json.MAPPER.readTree(new OpenSearchHttp(List.of(node.url()), access)
            .send("GET", "/_cluster/health/" + INDEX + "-bulk", null, Duration.ofSeconds(10)).body());
        assertThat(health.get("unassigned_shards").asInt()).as(health.toString()).isEqualTo(1);

        // the nightly's results store: its template and a document
        assertThat(new ResultsIndex(List.of(node.url()), access).put("secured-it", Map.of("runId", "secured-it"))).isNull();
    }

    @Test
    void aRoleWithoutSearchShouldGetASentenceNamingThePermissionAndTheFixNeverAStackTrace() throws Exception {
        OpenSearchAccess access = access(noSearch);
        try (FacadeServer facade = FacadeServer.start(FacadeConfigs.secured(node.url(), access, INDEX + "-nosearch", 0))) {
            URI url = URI.create("http://127.0.0.1:" + facade.port());
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(Http.get(url, "/health").status()).isEqualTo(200));
            Http.Reply search = Http.get(url, "/mailboxes/mbx-1/search?text=hello");
            assertThat(search.status()).isEqualTo(503);
            assertThat(search.json().get("error").asText()).contains("403 Forbidden").contains("indices:data/read/search")
                .contains("docs/staging.adoc");
            assertThat(search.raw()).doesNotContain("\tat ").doesNotContain("Exception:");
        }
        assertThatThrownBy(() -> OpenSearchAdmin.count(new OpenSearchHttp(List.of(node.url()), access), INDEX + "-nosearch"))
            .hasMessageContaining("403 Forbidden").hasMessageContaining("indices:data/read/search").hasMessageContaining("docs/staging.adoc");
    }

    @Test
    void aDirectPathRunShouldSearchTheIndexItsKnobNamesAsTheMailbenchUser() throws Exception {
        OpenSearchAccess access = access(mailbench);
        CorpusSpec corpus = new CorpusSpec(11, 2_000, 40);
        Path reports = DIR.resolve("reports");
        try (FacadeServer facade = FacadeServer.start(FacadeConfigs.secured(node.url(), access, INDEX + "-direct", 0))) {
            URI url = URI.create("http://127.0.0.1:" + facade.port());
            assertThat(MailbenchMain.run("load", "--facade", url.toString(), "--opensearch", node.url().toString(),
                "--opensearch-ca", ca.toString(), "--opensearch-credentials-file", mailbench.toString(), "--index", INDEX + "-direct",
                "--messages", "2000", "--users", "40", "--seed", "11")).isZero();
            int exit = MavenCommand.gatlingTest(DIR.resolve("gatling.log"), List.of(
                "-Dmailbench.target=" + url, "-Dmailbench.path=direct", "-Dmailbench.variant=secured-direct",
                "-Dmailbench.index=" + INDEX + "-direct", "-Dmailbench.opensearch=" + node.url(),
                "-Dmailbench.opensearch.credentialsFile=" + mailbench, "-Dmailbench.opensearch.ca=" + ca,
                "-Dmailbench.rate=10", "-Dmailbench.warmup=0", "-Dmailbench.duration=6", "-Dmailbench.profiler=false",
                "-Dmailbench.corpus.seed=11", "-Dmailbench.corpus.messages=2000", "-Dmailbench.corpus.users=40",
                "-Dmailbench.assert.p99Ms=600000", "-Dmailbench.assert.successPercent=0", "-Dmailbench.reportsDir=" + reports));
            assertThat(exit).as("exit code (-1: not finished in 10 minutes); see " + DIR.resolve("gatling.log")).isZero();
        }
        Path run;
        try (Stream<Path> runs = Files.list(reports)) {
            run = runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
        JsonNode summary = Json.MAPPER.readTree(run.resolve("summary.json").toFile()).get("measured");
        // the preflight found the corpus in -Dmailbench.index and the searches hit it: requests got in, as the role allows
        assertThat(summary.get("requests").asLong()).isGreaterThan(30);
        assertThat(summary.get("ko").asLong()).as("direct requests refused or missing the corpus").isZero();
        assertThat(run.resolve("logs").resolve("node-stats-before.json")).exists();
    }

    @Test
    void aVersionWhosePluginIsNotPublishedShouldBeRefusedNamingOneThatIs() {
        // 2.19.6, the embedded node's default: its security plugin is not on Maven Central
        NodeSecurity security = new NodeSecurity(DIR.resolve("node.pem"), DIR.resolve("node-key.pem"), ca, null, null, List.of(mailbench));
        assertThatThrownBy(() -> EmbeddedNode.start("2.19.6", NodeJdk.current(), "256m", DIR.resolve("node-2.19.6"),
            EmbeddedNode.DEFAULT_PORTS, security, line -> { }))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("security plugin for OpenSearch 2.19.6")
            .hasMessageContaining("give --opensearch-version 2.19.3");
    }

    private static OpenSearchAccess access(Path credentials) {
        return new OpenSearchAccess(new TlsTrust(ca, null, null), Credentials.fromFile(credentials, "--opensearch-credentials-file"));
    }
}
