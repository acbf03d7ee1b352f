package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mailbench.access.OpenSearchAccess;
import mailbench.access.ServerTls;
import mailbench.access.TlsTrust;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.FacadeToken;
import mailbench.facadeclient.FacadeAccess;
import mailbench.facadeclient.FacadeStats;
import mailbench.facadeclient.HealthProbe;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TestCertificates;
import mailbench.loader.CorpusLoad;
import mailbench.profiler.SidecarClient;
import mailbench.profiler.SidecarToken;

/**
 * The facade and the profiler sidecar as an operator starts them on staging: over HTTPS with a certificate of a private CA
 * (PEM files, or a PKCS12 keystore), their token required. mailbench's own clients get in with the CA and are refused
 * without it, host names checked; plain HTTP with a token off loopback is refused unless allowed explicitly.
 */
class TlsServersIT {

    private static final Path DIR = Path.of("target", "tls-servers-it").toAbsolutePath();
    private static final FacadeToken TOKEN = FacadeToken.of("tls-servers-it-token-0123456789");
    private static final CorpusSpec CORPUS = new CorpusSpec(13, 200, 10);
    private static String keystorePassword;
    private static Path ca;
    private static Path otherCa;
    private static Path cert;
    private static Path key;
    private static Path keystore;
    private static Path tokenFile;

    @BeforeAll
    static void certificates() throws Exception {
        Files.createDirectories(DIR);
        TestCertificates certificates = TestCertificates.create();
        ca = certificates.writeCaPem(DIR.resolve("ca.pem"));
        certificates.writeServerPem(DIR.resolve("server.pem"), DIR.resolve("server-key.pem"));
        cert = DIR.resolve("server.pem");
        key = DIR.resolve("server-key.pem");
        keystore = Files.write(DIR.resolve("server.p12"), certificates.serverKeyStore());
        keystorePassword = certificates.serverKeyPassword();
        otherCa = TestCertificates.create().writeCaPem(DIR.resolve("other-ca.pem"));
        tokenFile = Files.writeString(DIR.resolve("token"), TOKEN.authorization().substring("Bearer ".length()) + "\n");
    }

    /** The pid of a process that has ended. */
    private static long ended() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return gone.pid();
    }

    @Test
    void aFacadeWithAPemCertificateShouldServeMailbenchsClientsOverHttpsWithTheCa() throws Exception {
        String index = "mail-it-tls-" + System.nanoTime();
        // no shedding on event-loop lag: a starved host's first TLS handshakes hold the loop for seconds
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-pem", List.of("facade", "--opensearch", SharedNode.url().toString(),
            "--port", "0", "--max-event-loop-lag-ms", "0", "--index", index, FacadeToken.OPTION, tokenFile.toString(), ServerTls.CERT_OPTION, cert.toString(),
            ServerTls.KEY_OPTION, key.toString()), Map.of())) {
            URI url = facade.awaitUrl();
            assertThat(url.getScheme()).isEqualTo("https");
            assertThat(facade.output()).contains("serving TLS certificate " + cert);
            FacadeAccess access = FacadeAccess.of(TOKEN, ca, "--facade-ca");

            assertThat(HealthProbe.check(url, "--facade", access).path("index").asText()).isEqualTo(index);
            List<String> progress = new ArrayList<>();
            CorpusLoad load = new CorpusLoad(new CorpusLoad.Target(url, List.of(SharedNode.url()), OpenSearchAccess.NONE, index, access),
                progress::add);
            assertThat(load.run(CORPUS, false)).isEqualTo(CORPUS.messages());
            assertThat(FacadeStats.read(url, access).projection()).isEqualTo("doc-values");

            // the JDK's CAs, another CA, or a host name the certificate does not list: no call gets through
            assertThatThrownBy(() -> HealthProbe.check(url, "--facade", FacadeAccess.of(TOKEN))).isInstanceOf(IOException.class)
                .hasMessageContaining("did not pass the TLS check").hasMessageContaining("-Dmailbench.facade.ca");
            assertThatThrownBy(() -> HealthProbe.check(url, "--facade", FacadeAccess.of(TOKEN, otherCa, "--facade-ca")))
                .hasMessageContaining("did not pass the TLS check");
            URI byOtherName = URI.create("https://127.0.0.2:" + url.getPort());
            assertThatThrownBy(() -> HealthProbe.check(byOtherName, "--facade", access)).isInstanceOf(IOException.class);
            // plain HTTP to the HTTPS port is no way in
            HttpClient plain = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
            URI http = URI.create("http://127.0.0.1:" + url.getPort() + "/health");
            assertThatThrownBy(() -> plain.send(access.authorize(HttpRequest.newBuilder(http)).build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
            assertThat(facade.output()).doesNotContain(TOKEN.authorization().substring("Bearer ".length()));
        }
    }

    @Test
    void aFacadeWithAKeystoreShouldServeHttpsOnEveryAddress() throws Exception {
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-keystore", List.of("facade", "--host", "0.0.0.0", "--opensearch",
            SharedNode.url().toString(), "--port", "0", "--index", "mail-it-tls-keystore", FacadeToken.OPTION, tokenFile.toString(),
            ServerTls.KEYSTORE_OPTION, keystore.toString()), Map.of(ServerTls.KEYSTORE_PASSWORD_ENV, keystorePassword))) {
            URI url = facade.awaitUrl();
            assertThat(url.toString()).startsWith("https://0.0.0.0:");
            assertThat(facade.output()).contains("serving TLS keystore " + keystore).doesNotContain(keystorePassword);
            URI loopback = URI.create("https://127.0.0.1:" + url.getPort());
            assertThat(HealthProbe.check(loopback, "--facade", FacadeAccess.of(TOKEN, ca, "--facade-ca")).path("status").asText())
                .isEqualTo("ok");
        }
    }

    @Test
    void aRenewedCertificateShouldBeServedWithoutARestart() throws Exception {
        Path renewedCert = DIR.resolve("renewed.pem");
        Path renewedKey = DIR.resolve("renewed-key.pem");
        Files.copy(cert, renewedCert, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(key, renewedKey, StandardCopyOption.REPLACE_EXISTING);
        FacadeConfig config = FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-tls-renewed");
        ServerTls tls = ServerTls.of(renewedCert, renewedKey, null, false, Map.of());
        try (FacadeServer facade = FacadeServer.start(config, FacadeGuards.DEFAULTS.withToken(TOKEN), tls, problem -> { })) {
            URI url = URI.create("https://127.0.0.1:" + facade.port());
            assertThat(HealthProbe.check(url, "--facade", FacadeAccess.of(TOKEN, ca, "--facade-ca")).path("status").asText()).isEqualTo("ok");

            // a certificate of another CA into the same files, as a renewal does
            TestCertificates next = TestCertificates.create();
            Path nextCa = next.writeCaPem(DIR.resolve("next-ca.pem"));
            next.writeServerPem(renewedCert, renewedKey);
            FacadeAccess withNextCa = FacadeAccess.of(TOKEN, nextCa, "--facade-ca");
            await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                .until(() -> HealthProbe.check(url, "--facade", withNextCa).path("status").asText().equals("ok"));
            assertThatThrownBy(() -> HealthProbe.check(url, "--facade", FacadeAccess.of(TOKEN, ca, "--facade-ca")))
                .hasMessageContaining("did not pass the TLS check");
        }
    }

    @Test
    void aKeystoreWithoutItsPasswordShouldStopTheFacadeNamingTheVariable() throws Exception {
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-keystore-password", List.of("facade", "--opensearch",
            SharedNode.url().toString(), "--port", "0", ServerTls.KEYSTORE_OPTION, keystore.toString()), Map.of())) {
            assertThat(facade.awaitExit()).isEqualTo(2);
            assertThat(facade.output()).startsWith("error: " + ServerTls.KEYSTORE_OPTION + ": cannot read")
                .contains("$" + ServerTls.KEYSTORE_PASSWORD_ENV).doesNotContain("\tat ");
        }
    }

    @Test
    void aTokenOverPlainHttpOffLoopbackShouldBeRefusedUnlessAllowed() throws Exception {
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-plain", List.of("facade", "--host", "0.0.0.0", "--port", "0",
            "--opensearch", SharedNode.url().toString(), FacadeToken.OPTION, tokenFile.toString()), Map.of())) {
            assertThat(facade.awaitExit()).isEqualTo(2);
            assertThat(facade.output()).startsWith("error: --host 0.0.0.0 lets other hosts reach the facade over plain HTTP")
                .contains("clear text", ServerTls.CERT_OPTION, ServerTls.KEYSTORE_OPTION, ServerTls.ALLOW_TOKEN_OVER_HTTP_OPTION)
                .doesNotContain("\tat ");
        }
        try (FacadeProcess sidecar = FacadeProcess.start(DIR, "sidecar-plain", List.of("profiler", "serve", "--host", "0.0.0.0",
            "--port", "0", "--pid", Long.toString(ended()), "--out", DIR.resolve("captures").toString(),
            "--token-file", tokenFile.toString()), Map.of())) {
            assertThat(sidecar.awaitExit()).isEqualTo(2);
            assertThat(sidecar.output()).startsWith("error: --host 0.0.0.0 lets other hosts reach the profiler sidecar over plain HTTP")
                .contains(ServerTls.ALLOW_TOKEN_OVER_HTTP_OPTION);
        }
        // allowed explicitly: it starts, and takes the token over plain HTTP
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade-plain-allowed", List.of("facade", "--host", "0.0.0.0", "--port", "0",
            "--opensearch", SharedNode.url().toString(), FacadeToken.OPTION, tokenFile.toString(),
            ServerTls.ALLOW_TOKEN_OVER_HTTP_OPTION), Map.of())) {
            URI url = facade.awaitUrl();
            assertThat(url.getScheme()).isEqualTo("http");
            URI loopback = URI.create("http://127.0.0.1:" + url.getPort());
            assertThat(HealthProbe.check(loopback, "--facade", FacadeAccess.of(TOKEN)).path("status").asText()).isEqualTo("ok");
        }
    }

    @Test
    void aSidecarWithTlsShouldAnswerItsClientWithTheCa() throws Exception {
        SidecarToken token = SidecarToken.readFile(tokenFile);
        // no JVM to attach to: the control API answers all the same
        try (FacadeProcess sidecar = FacadeProcess.start(DIR, "sidecar-tls", List.of("profiler", "serve", "--port", "0",
            "--pid", Long.toString(ended()), "--out", DIR.resolve("captures").toString(), "--token-file", tokenFile.toString(),
            ServerTls.CERT_OPTION, cert.toString(), ServerTls.KEY_OPTION, key.toString()), Map.of())) {
            URI url = sidecar.awaitUrl();
            assertThat(url.getScheme()).isEqualTo("https");
            SidecarClient withCa = new SidecarClient(url, token, new TlsTrust(ca, null, null));
            // a cold JVM's first handshakes take seconds on a loaded host: the first call may time out, not be refused
            await().atMost(Duration.ofMinutes(2)).ignoreExceptionsInstanceOf(HttpConnectTimeoutException.class)
                .untilAsserted(() -> assertThat(withCa.status().get("state").asText()).isEqualTo("IDLE"));
            assertThatThrownBy(() -> new SidecarClient(url, token).status()).isInstanceOf(IOException.class)
                .hasMessageContaining("did not pass the TLS check").hasMessageContaining("-Dmailbench.profiler.ca");
        }
    }
}
