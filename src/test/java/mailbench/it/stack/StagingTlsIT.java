package mailbench.it.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.access.TlsTrust;
import mailbench.cli.MailbenchMain;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeServer;
import mailbench.indexing.BulkDocuments;
import mailbench.indexing.BulkMatrix;
import mailbench.indexing.BulkMatrixRun;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.NodeFront;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TestCertificates;
import mailbench.json.Json;
import mailbench.loader.CorpusLoad;
import mailbench.loader.CorpusLoader;
import mailbench.loader.OpenSearchAdmin;

/**
 * Staging as the operator meets it: two OpenSearch hosts behind HTTPS with a private CA and basic
 * auth (two TLS {@link NodeFront}s of the real embedded node). The facade and a direct-path Gatling run
 * get in with the CA and the credentials, spread their requests over both hosts, say clearly what
 * is wrong without the CA or with a wrong password, and never show the password.
 */
class StagingTlsIT {

    private static final String USER = "mailbench-staging";
    /** Unique per run, so finding it anywhere means it leaked. */
    private static final String PASSWORD = "pw-" + UUID.randomUUID();
    private static final String BASIC = Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    private static final Path DIR = Path.of("target", "it-staging-tls").toAbsolutePath();
    private static final String MESSAGE = """
        {"from": "alice@example.com", "to": ["bob@example.com"], "cc": [], "subject": "Quarterly report over TLS",
         "body": "The numbers are in.", "receivedAt": "2025-03-01T10:15:30Z", "flags": ["\\\\Seen"], "attachments": []}""";

    private static NodeFront front1;
    private static NodeFront front2;
    private static Path caPem;
    private static Path credentialsFile;

    @BeforeAll
    static void startFronts() throws Exception {
        Files.createDirectories(DIR);
        TestCertificates certificates = TestCertificates.create();
        caPem = certificates.writeCaPem(DIR.resolve("staging-ca.pem"));
        credentialsFile = DIR.resolve("opensearch-credentials");
        Files.writeString(credentialsFile, USER + ":" + PASSWORD + "\n");
        front1 = NodeFront.tls(certificates, SharedNode.url(), USER, PASSWORD);
        front2 = NodeFront.tls(certificates, SharedNode.url(), USER, PASSWORD);
    }

    @AfterAll
    static void stopFronts() throws Exception {
        front1.close();
        front2.close();
    }

    @Test
    void theFacadeWithTheCaAndCredentialsShouldIndexGetAndSearchThroughBothHosts() throws Exception {
        int before1 = front1.accepted();
        int before2 = front2.accepted();
        String output;
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-ok", facadeArgs("mail-tls-it",
            "--opensearch-ca", caPem.toString(), "--opensearch-credentials-file", credentialsFile.toString()), Map.of())) {
            URI url = facade.awaitUrl();
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(Http.get(url, "/health").status()).isEqualTo(200));

            assertThat(Http.put(url, "/mailboxes/mbx-tls/messages/m-1", MESSAGE).status()).isEqualTo(201);
            Http.Reply got = Http.get(url, "/mailboxes/mbx-tls/messages/m-1");
            assertThat(got.status()).isEqualTo(200);
            assertThat(got.json().get("subject").asText()).isEqualTo("Quarterly report over TLS");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                Http.Reply search = Http.get(url, "/mailboxes/mbx-tls/search?text=quarterly");
                assertThat(search.status()).isEqualTo(200);
                assertThat(search.json().get("total").asLong()).isEqualTo(1);
            });
            for (int i = 0; i < 6; i++) {
                assertThat(Http.get(url, "/mailboxes/mbx-tls/messages/m-1").status()).isEqualTo(200);
            }
            assertThat(front1.accepted()).as("requests through host 1").isGreaterThan(before1);
            assertThat(front2.accepted()).as("requests through host 2").isGreaterThan(before2);
            output = facade.output();
        }
        assertThat(output).contains("basic auth: from file " + credentialsFile).contains("TLS trust: CA " + caPem);
        assertNoSecretIn(output);
    }

    @Test
    void withoutTheCaTheFacadeShouldSayTheCertificateIsNotTrustedAndNameTheOption() throws Exception {
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-no-ca", facadeArgs("mail-tls-it-no-ca"),
            Map.of(Credentials.USERNAME_ENV, USER, Credentials.PASSWORD_ENV, PASSWORD))) {
            URI url = facade.awaitUrl();
            Http.Reply health = Http.get(url, "/health");
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().get("backend").get("error").asText())
                .contains("certificate is not trusted").contains("--opensearch-ca").contains("--opensearch-truststore");
            Http.Reply search = Http.get(url, "/mailboxes/mbx-tls/search?text=quarterly");
            assertThat(search.status()).isEqualTo(503);
            assertThat(search.json().get("error").asText()).contains("certificate is not trusted");
            await().atMost(Duration.ofSeconds(30)).until(() -> facade.output().contains("certificate is not trusted"));
            assertThat(facade.output()).contains("basic auth: from $" + Credentials.USERNAME_ENV).doesNotContain("\tat ");
            assertNoSecretIn(facade.output() + health.raw() + search.raw());
        }
    }

    @Test
    void aWrongPasswordShouldGive503NamingTheCredentialsAndShowNoPassword() throws Exception {
        String wrong = "wrong-" + UUID.randomUUID();
        int refusedBefore = front1.refused() + front2.refused();
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-wrong", facadeArgs("mail-tls-it-wrong",
            "--opensearch-ca", caPem.toString()), Map.of(Credentials.USERNAME_ENV, USER, Credentials.PASSWORD_ENV, wrong))) {
            URI url = facade.awaitUrl();
            // a first call on a loaded host may time out in the TLS handshake instead: ask until the front has answered
            Http.Reply health = await().atMost(Duration.ofSeconds(60)).until(() -> Http.get(url, "/health"),
                reply -> reply.raw().contains("refused the credentials"));
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().get("status").asText()).isEqualTo("unavailable");
            assertThat(health.json().get("backend").get("error").asText())
                .contains("refused the credentials (401").contains("$" + Credentials.PASSWORD_ENV);
            assertThat(front1.refused() + front2.refused()).as("the fronts saw the wrong password").isGreaterThan(refusedBefore);
            await().atMost(Duration.ofSeconds(30)).until(() -> facade.output().contains("refused the credentials"));
            assertThat(facade.output()).doesNotContain("\tat ").doesNotContain(wrong);
            assertThat(health.raw()).doesNotContain(wrong);
            assertNoSecretIn(facade.output() + health.raw());
        }
    }

    @Test
    void theRestClientTransportShouldGetInWithTheCaAndNameRefusedCredentials() throws Exception {
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-rest-ok", facadeArgs("mail-tls-it-rest", "--transport", "rest-client",
            "--opensearch-ca", caPem.toString(), "--opensearch-credentials-file", credentialsFile.toString()), Map.of())) {
            URI url = facade.awaitUrl();
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(Http.get(url, "/health").status()).isEqualTo(200));
            assertThat(Http.put(url, "/mailboxes/mbx-rest/messages/m-1", MESSAGE).status()).isEqualTo(201);
            assertThat(Http.get(url, "/mailboxes/mbx-rest/messages/m-1").status()).isEqualTo(200);
            assertNoSecretIn(facade.output());
        }
        String wrong = "wrong-" + UUID.randomUUID();
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-rest-wrong", facadeArgs("mail-tls-it-rest", "--transport", "rest-client",
            "--opensearch-ca", caPem.toString()), Map.of(Credentials.USERNAME_ENV, USER, Credentials.PASSWORD_ENV, wrong))) {
            URI url = facade.awaitUrl();
            Http.Reply health = Http.get(url, "/health");
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().get("backend").get("error").asText()).contains("refused the credentials (401");
            assertThat(facade.output() + health.raw()).doesNotContain(wrong).doesNotContain("\tat ");
        }
    }

    @Test
    void credentialsInTheUrlShouldBeRefusedWithExit2AndTheRightWay() throws Exception {
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-url-secret",
            List.of("facade", "--port", "0", "--opensearch", "https://" + USER + ":" + PASSWORD + "@127.0.0.1:9"), Map.of())) {
            assertThat(facade.awaitExit()).isEqualTo(2);
            assertThat(facade.output()).startsWith("error: --opensearch must not carry credentials in the URL")
                .contains("--opensearch-credentials-file").contains("$" + Credentials.PASSWORD_ENV).doesNotContain("\tat ");
            assertNoSecretIn(facade.output());
        }
    }

    @Test
    void aDirectStagingRunShouldUseBothHostsAndKeepThePasswordOutOfItsRunFolder() throws Exception {
        CorpusSpec corpus = new CorpusSpec(11, 2_000, 40);
        OpenSearchHttp admin = new OpenSearchHttp(List.of(front1.url(), front2.url()),
            new OpenSearchAccess(new TlsTrust(caPem, null, null), credentialsFromFile()));
        Path reports = DIR.resolve("reports");
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-run", facadeArgs("mail",
            "--opensearch-ca", caPem.toString()), Map.of(Credentials.USERNAME_ENV, USER, Credentials.PASSWORD_ENV, PASSWORD))) {
            URI url = facade.awaitUrl();
            new CorpusLoader(url, line -> { }).load(corpus);
            // the admin calls through the fronts too: TLS with the CA, the credentials from a file
            await().atMost(Duration.ofSeconds(30)).until(() -> OpenSearchAdmin.count(admin, "mail") == corpus.messages());
            int before1 = front1.accepted();
            int before2 = front2.accepted();
            int refusedBefore = front1.refused() + front2.refused();

            // speed is not this test's business: on a loaded host requests may time out, so no assertion can fail the run
            int exit = MavenCommand.gatlingTest(DIR.resolve("gatling.log"), List.of(
                "-Dmailbench.target=" + url, "-Dmailbench.path=direct", "-Dmailbench.variant=staging-tls",
                "-Dmailbench.opensearch=" + front1.url() + "," + front2.url(),
                "-Dmailbench.opensearch.credentialsFile=" + credentialsFile,
                // the run's own calls (the target preflight, the node snapshots) check the certificate, as Gatling does not
                "-Dmailbench.opensearch.ca=" + caPem,
                "-Dmailbench.rate=10", "-Dmailbench.warmup=0", "-Dmailbench.duration=6", "-Dmailbench.profiler=false",
                "-Dmailbench.corpus.seed=11", "-Dmailbench.corpus.messages=2000", "-Dmailbench.corpus.users=40",
                "-Dmailbench.assert.p99Ms=600000", "-Dmailbench.assert.successPercent=0", "-Dmailbench.reportsDir=" + reports));
            assertThat(exit).as("exit code (-1: not finished in 10 minutes); see " + DIR.resolve("gatling.log")).isZero();

            assertThat(front1.accepted()).as("direct requests through host 1").isGreaterThan(before1 + 10);
            assertThat(front2.accepted()).as("direct requests through host 2").isGreaterThan(before2 + 10);
            assertThat(front1.refused() + front2.refused()).as("no direct request was refused (401)").isEqualTo(refusedBefore);
            assertNoSecretIn(Files.readString(DIR.resolve("gatling.log")));
            assertNoSecretIn(facade.output());
        }
        Path run;
        try (Stream<Path> runs = Files.list(reports)) {
            run = runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
        JsonNode runJson = Json.MAPPER.readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("knobs").get("mailbench.opensearch.credentialsFile").asText()).isEqualTo(credentialsFile.toString());
        JsonNode measured = Json.MAPPER.readTree(run.resolve("summary.json").toFile()).get("measured");
        assertThat(measured.get("requests").asLong()).isGreaterThan(30);
        assertThat(measured.get("requests").asLong() - measured.get("ko").asLong()).as("direct requests that got in and hit the corpus")
            .isPositive();
        try (Stream<Path> files = Files.walk(run)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertNoSecretIn(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
            }
        }
    }

    @Test
    void loadAndTheBulkMatrixShouldReachBothHostsWithTheCaAndTheCredentials() throws Exception {
        String index = "mail-tls-it-load";
        OpenSearchAccess access = new OpenSearchAccess(new TlsTrust(caPem, null, null), credentialsFromFile());
        List<URI> hosts = List.of(front1.url(), front2.url());
        int before1 = front1.accepted();
        int before2 = front2.accepted();
        int refusedBefore = front1.refused() + front2.refused();
        try (FacadeServer facade = FacadeServer.start(FacadeConfigs.onFreePort(SharedNode.url(), index))) {
            URI url = URI.create("http://127.0.0.1:" + facade.port());
            // mailbench load: counts and force-merges through the fronts (TLS with the CA, basic auth from the file)
            assertThat(MailbenchMain.run("load", "--facade", url.toString(), "--opensearch", front1.url() + "," + front2.url(),
                "--opensearch-ca", caPem.toString(), "--opensearch-credentials-file", credentialsFile.toString(), "--index", index,
                "--messages", "300", "--users", "10", "--seed", "5")).isZero();
            List<String> progress = new ArrayList<>();
            CorpusLoad again = new CorpusLoad(new CorpusLoad.Target(url, hosts, access, index), progress::add);
            assertThat(again.run(new CorpusSpec(5, 300, 10), false)).as("found there, counted through the fronts").isZero();
            assertThat(progress).last().asString().contains("already holds the corpus");
        }
        // the bulk matrix's bookkeeping: the index recreated (the 300 messages gone) and counted through the fronts
        BulkMatrix matrix = new BulkMatrix(List.of(10), List.of(1), 20, 0, 0);
        BulkMatrix.Cell cell = matrix.cells().get(0);
        List<String> said = new ArrayList<>();
        BulkMatrixRun run = new BulkMatrixRun(matrix, BulkDocuments.of(new CorpusSpec(5, 300, 10), 20, matrix, false), hosts, access, index,
            said::add);
        run.prepare(cell);
        run.check(cell);
        assertThat(run.outcomes()).singleElement().satisfies(outcome -> {
            assertThat(outcome.problem()).as(String.join("\n", said)).isNull();
            assertThat(outcome.indexCount()).isZero();
        });
        assertThat(front1.accepted()).as("calls through host 1").isGreaterThan(before1);
        assertThat(front2.accepted()).as("calls through host 2").isGreaterThan(before2);
        assertThat(front1.refused() + front2.refused()).as("none refused (401)").isEqualTo(refusedBefore);

        // a wrong password: the cell says so, in words, and never shows a password
        Path wrongFile = Files.writeString(DIR.resolve("wrong-credentials"), USER + ":wrong-" + UUID.randomUUID() + "\n");
        OpenSearchAccess wrong = new OpenSearchAccess(new TlsTrust(caPem, null, null),
            Credentials.fromFileOrEnv(wrongFile, "--opensearch-credentials-file", Map.of()));
        BulkMatrixRun refused = new BulkMatrixRun(matrix, BulkDocuments.of(new CorpusSpec(5, 300, 10), 20, matrix, false), hosts, wrong,
            index, said::add);
        refused.prepare(cell);
        refused.check(cell);
        assertThat(refused.outcomes().get(0).problem()).contains("refused the credentials (401");
        assertNoSecretIn(String.join("\n", said));
        assertThat(String.join("\n", said)).doesNotContain(Files.readString(wrongFile).strip());
    }

    private static Credentials credentialsFromFile() {
        return Credentials.fromFileOrEnv(credentialsFile, "--opensearch-credentials-file", Map.of());
    }

    private static List<String> facadeArgs(String index, String... access) {
        // the connect timeout covers the TLS handshake: 1 s (the default) is too short for a cold front on a loaded host
        List<String> args = new ArrayList<>(List.of("facade", "--port", "0", "--index", index, "--connect-timeout-ms", "10000",
            "--opensearch", front1.url().toString(), "--opensearch", front2.url().toString()));
        args.addAll(List.of(access));
        return args;
    }

    private static void assertNoSecretIn(String text) {
        assertThat(text).doesNotContain(PASSWORD).doesNotContain(BASIC);
    }
}
