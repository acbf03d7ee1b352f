package mailbench.profiler;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.TlsTrust;
import mailbench.json.Json;

/**
 * Drives a profiler sidecar over its control API (see {@link SidecarServer}): the local stack's
 * and a hand-started one on staging alike. Every failure is an {@link IOException} whose message
 * says what the sidecar answered.
 */
public final class SidecarClient {

    /** Where a run takes the CA of an https sidecar (the knob of mailbench.knobs.Knobs). */
    static final String CA_SETTING = "-Dmailbench.profiler.ca";

    // converting a long capture takes a few seconds; an attach can take a few more
    private static final Duration CALL_LIMIT = Duration.ofSeconds(90);

    private final URI base;
    private final SidecarToken token;
    private final HttpClient http;

    public SidecarClient(URI base, SidecarToken token) {
        this(base, token, TlsTrust.JDK_DEFAULT);
    }

    /** For an https sidecar, its certificate checked against {@code trust}'s CAs (and its host name against the URL's). */
    public SidecarClient(URI base, SidecarToken token, TlsTrust trust) {
        this.base = base;
        this.token = token;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).proxy(HttpClient.Builder.NO_PROXY)
            .sslContext(trust.sslContext(CA_SETTING, CA_SETTING)).build();
    }

    public JsonNode status() throws IOException, InterruptedException {
        return call("GET", "/status");
    }

    /** Starts a capture; a refused start comes back as a status whose state is FAILED, with its reason. */
    public JsonNode start(CaptureSettings settings) throws IOException, InterruptedException {
        return call("POST", "/start?event=" + settings.event() + "&intervalMs=" + settings.intervalMs()
            + "&allocBytes=" + settings.allocBytes());
    }

    public JsonNode stop() throws IOException, InterruptedException {
        return call("POST", "/stop");
    }

    /** profile.json of the last stopped capture, from its samples between the two epoch-ms instants (null: its start/end). */
    public JsonNode artifacts(Long fromMillis, Long toMillis) throws IOException, InterruptedException {
        String query = (fromMillis == null ? "" : "from=" + fromMillis) + (fromMillis != null && toMillis != null ? "&" : "")
            + (toMillis == null ? "" : "to=" + toMillis);
        return call("GET", "/artifacts" + (query.isEmpty() ? "" : "?" + query));
    }

    /** Copies every artifact of the window's conversion into {@code dir}; returns its profile.json. */
    public JsonNode download(Path dir, Long fromMillis, Long toMillis) throws IOException, InterruptedException {
        JsonNode report = artifacts(fromMillis, toMillis);
        Files.createDirectories(dir);
        for (JsonNode file : report.path("files")) {
            String name = file.asText();
            if (!name.matches("[A-Za-z0-9._-]+")) {
                throw new IOException("the sidecar listed an odd artifact name: " + name);
            }
            HttpResponse<Path> response = http.send(request("GET", "/artifacts/" + name), HttpResponse.BodyHandlers.ofFile(dir.resolve(name)));
            if (response.statusCode() != 200) {
                throw new IOException("GET /artifacts/" + name + " answered " + response.statusCode() + ": " + Files.readString(dir.resolve(name)));
            }
        }
        return report;
    }

    private JsonNode call(String method, String path) throws IOException, InterruptedException {
        HttpResponse<String> response;
        try {
            response = http.send(request(method, path), HttpResponse.BodyHandlers.ofString());
        } catch (java.net.ConnectException e) {
            throw new IOException("no profiler sidecar at " + base + " (start one with: java -jar target/mailbench.jar profiler serve --pid <facade pid>)", e);
        } catch (javax.net.ssl.SSLHandshakeException e) {
            throw new IOException("the profiler sidecar at " + base + " did not pass the TLS check (" + e.getMessage() + "): give the CA"
                + " that signed its certificate (" + CA_SETTING + "), and a host name or address the certificate lists", e);
        }
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(response.body());
        } catch (IOException e) {
            throw new IOException(method + " " + path + " at " + base + " answered " + response.statusCode() + " with no JSON");
        }
        if (response.statusCode() == 200 || response.statusCode() == 422) {
            return body;
        }
        throw new IOException(method + " " + path + " at " + base + " answered " + response.statusCode() + ": "
            + body.path("error").asText(response.body()));
    }

    private HttpRequest request(String method, String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(CALL_LIMIT)
            .header("Authorization", token.bearer())
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build();
    }
}
