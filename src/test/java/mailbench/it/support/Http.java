package mailbench.it.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** A tiny HTTP client for tests: status plus parsed JSON body. */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {
    }

    /** The status {@link #raw} reports when the server closed the connection without answering. */
    public static final int CLOSED_WITHOUT_ANSWER = 0;

    /** A response as a test sees it. */
    public record Reply(int status, JsonNode json, String raw) {
    }

    public static Reply get(URI base, String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    public static Reply delete(URI base, String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    public static Reply put(URI base, String path, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("content-type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    public static Reply post(URI base, String path, byte[] body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("content-type", "application/x-ndjson")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /** Sends a request line as is, for URLs that java.net.URI refuses to build (bad escapes). */
    public static Reply raw(URI base, String requestLine) throws IOException {
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write((requestLine + "\r\nHost: " + base.getHost() + "\r\nConnection: close\r\n\r\n")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return parse(new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** One HTTP/1.1 answer as read from a socket the server closed after it. */
    public static Reply parse(String response) {
        if (response.length() < 12) {
            return new Reply(CLOSED_WITHOUT_ANSWER, null, response);
        }
        int status = Integer.parseInt(response.substring(9, 12));
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);
        JsonNode json;
        try {
            json = Json.MAPPER.readTree(body);
        } catch (IOException e) {
            json = null;
        }
        return new Reply(status, json, body);
    }

    public static Reply send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return send(CLIENT, request);
    }

    /** With a client of the caller's (another HTTP version, other timeouts). */
    public static Reply send(HttpClient client, HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(request.timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.ofString());
        JsonNode json;
        try {
            json = Json.MAPPER.readTree(response.body());
        } catch (IOException e) {
            json = null;
        }
        return new Reply(response.statusCode(), json, response.body());
    }
}
