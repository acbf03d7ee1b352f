package mailbench.profiler;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import mailbench.json.Json;

/**
 * The sidecar's answers: JSON bodies, {@code {"error": "..."}} for a refusal, and the artifact files as they are. A call
 * makes its {@link Reply} on a worker thread; the event loop writes it.
 */
final class SidecarReplies {

    private SidecarReplies() {
    }

    /** One answer: a JSON body, or a file; {@code allow} names the method a 405 wants. */
    record Reply(int status, Object json, Path file, String allow) {

        static Reply json(int status, Object body) {
            return new Reply(status, body, null, null);
        }

        static Reply error(int status, String message) {
            return json(status, Map.of("error", message));
        }

        static Reply methodNotAllowed(String method, String expected) {
            return new Reply(405, Map.of("error", method + " is not allowed here; use " + expected), null, expected);
        }

        static Reply file(Optional<Path> file) {
            return file.map(path -> new Reply(200, null, path, null))
                .orElseGet(() -> error(404, "no such artifact; GET /artifacts lists them"));
        }

        void send(HttpServerRequest request) {
            HttpServerResponse response = request.response().setStatusCode(status);
            if (allow != null) {
                response.putHeader("Allow", allow);
            }
            if (file == null) {
                response.putHeader("Content-Type", "application/json").end(body(json));
                return;
            }
            String name = file.getFileName().toString();
            response.putHeader("Content-Type", name.endsWith(".html") ? "text/html; charset=utf-8"
                : name.endsWith(".json") ? "application/json" : "application/octet-stream");
            response.sendFile(file.toString());
        }
    }

    static void error(HttpServerRequest request, int status, String message) {
        Reply.error(status, message).send(request);
    }

    /** Answers and closes the connection: what is left of the request (a body) is not worth reading. */
    static void refuse(HttpServerRequest request, int status, String message) {
        request.response().putHeader("Connection", "close").setStatusCode(status).putHeader("Content-Type", "application/json")
            .end(body(Map.of("error", message))).onComplete(done -> request.connection().close());
    }

    private static Buffer body(Object json) {
        try {
            return Buffer.buffer(Json.MAPPER.writeValueAsBytes(json));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
