package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.facade.ClientSettings;
import mailbench.facade.Exposure;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.FacadeToken;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Who may reach the facade and what it sends: the token on every route (checked before a body is
 * read), no open facade off loopback, no credentials in clear text, and /health under the same
 * admission as the other routes.
 */
class ExposureIT {

    private static final Path DIR = Path.of("target", "exposure-it").toAbsolutePath();
    private static final String TOKEN = "exposure-it-token-0123456789";

    @Test
    void everyRouteShouldNeedTheTokenWhenOneIsGiven() throws Exception {
        FacadeConfig config = FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-token");
        try (FacadeServer facade = FacadeServer.start(config, FacadeGuards.DEFAULTS.withToken(FacadeToken.of(TOKEN)), p -> { })) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            for (String path : List.of("/health", "/_mailbench/stats", "/mailboxes/mbx-t/search?text=hello", "/nowhere")) {
                Http.Reply refused = Http.get(base, path);
                assertThat(refused.status()).as(path).isEqualTo(401);
                assertThat(refused.json().get("error").asText()).contains("Authorization: Bearer").doesNotContain(TOKEN);
                Http.Reply wrong = Http.send(HttpRequest.newBuilder(URI.create(base + path)).header("authorization", "Bearer nope"));
                assertThat(wrong.status()).as(path).isEqualTo(401);
            }
            // 30 MB announced, none sent: the refusal must not wait for the body
            try (Socket socket = new Socket(base.getHost(), base.getPort())) {
                socket.setSoTimeout(5_000);
                socket.getOutputStream().write(("POST /messages/_bulk HTTP/1.1\r\nHost: x\r\nContent-Length: 30000000\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
                String answer = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
                assertThat(answer).isEqualTo("HTTP/1.1 401");
            }
            for (String path : List.of("/health", "/mailboxes/mbx-t/search?text=hello")) {
                Http.Reply served = Http.send(HttpRequest.newBuilder(URI.create(base + path)).header("authorization", "Bearer " + TOKEN));
                assertThat(served.status()).as(path + ": " + served.raw()).isEqualTo(200);
            }
        }
    }

    @Test
    void aFacadeOffLoopbackShouldRefuseToStartWithoutATokenOrInsecureOpen() throws Exception {
        try (FacadeProcess facade = FacadeProcess.start(DIR, "open", List.of("facade", "--host", "0.0.0.0", "--port", "0",
            "--opensearch", SharedNode.url().toString()), Map.of())) {
            assertThat(facade.awaitExit()).isEqualTo(2);
            assertThat(facade.output()).startsWith("error: --host 0.0.0.0 lets other hosts reach the facade")
                .contains(FacadeToken.OPTION).contains("$" + FacadeToken.ENV).contains("--insecure-open").doesNotContain("\tat ");
        }
    }

    @Test
    void credentialsOverPlainHttpShouldBeRefusedUnlessAllowed() throws Exception {
        Map<String, String> env = Map.of(Credentials.USERNAME_ENV, "admin", Credentials.PASSWORD_ENV, "secret-password");
        try (FacadeProcess facade = FacadeProcess.start(DIR, "clear-text", List.of("facade", "--port", "0",
            "--opensearch", SharedNode.url().toString()), env)) {
            assertThat(facade.awaitExit()).isEqualTo(2);
            assertThat(facade.output()).startsWith("error: basic-auth credentials would cross the network in clear text")
                .contains("https://").contains("--allow-credentials-over-http").doesNotContain("secret-password");
        }
        // allowed explicitly: the facade starts and sends them (the node, without its security plugin, ignores them)
        OpenSearchAccess access = OpenSearchAccess.of(null, null, null, env);
        FacadeConfig config = FacadeConfigs.withIndex(FacadeConfigs.withPort(FacadeConfig.defaults(), 0), "mail-it-clear-text")
            .withOpenSearch(List.of(SharedNode.url()), access);
        FacadeGuards allowed = FacadeGuards.DEFAULTS.with(new Exposure(null, false, true, false));
        try (FacadeServer facade = FacadeServer.start(config, allowed, p -> { })) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            assertThat(Http.get(base, "/mailboxes/mbx-t/search?text=hello").status()).isEqualTo(200);
        }
    }

    @Test
    void healthShouldGoThroughTheInFlightBound() throws Exception {
        // a listener that accepts and never answers: every call stays in flight
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            FacadeConfig config = FacadeConfig.local(URI.create("http://127.0.0.1:" + silent.getLocalPort()), "mail")
                .with(new ClientSettings(ClientOptions.DEFAULT, 1, 8, Duration.ofSeconds(1), Duration.ofSeconds(5),
                    ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
                .with(new RequestLimits(2, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                    10));
            try (FacadeServer facade = FacadeServer.start(config)) {
                URI base = URI.create("http://127.0.0.1:" + facade.port());
                HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
                List<CompletableFuture<HttpResponse<String>>> pending = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    pending.add(client.sendAsync(HttpRequest.newBuilder(URI.create(base + "/health")).build(),
                        HttpResponse.BodyHandlers.ofString()));
                }
                Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                    long start = System.nanoTime();
                    Http.Reply third = Http.get(base, "/health");
                    assertThat(third.status()).isEqualTo(503);
                    assertThat(third.json().get("error").asText()).contains("--max-in-flight");
                    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
                });
                pending.forEach(p -> p.cancel(true));
            }
        }
    }
}
