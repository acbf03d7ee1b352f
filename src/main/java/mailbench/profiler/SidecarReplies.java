package mailbench.profiler;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import com.sun.net.httpserver.HttpExchange;

import mailbench.json.Json;

/** The sidecar's answers: JSON bodies, {@code {"error": "..."}} for a refusal, and the artifact files as they are. */
final class SidecarReplies {

    private SidecarReplies() {
    }

    static void file(HttpExchange exchange, Optional<Path> file) throws IOException {
        if (file.isEmpty()) {
            error(exchange, 404, "no such artifact; GET /artifacts lists them");
            return;
        }
        String name = file.get().getFileName().toString();
        exchange.getResponseHeaders().set("Content-Type", name.endsWith(".html") ? "text/html; charset=utf-8"
            : name.endsWith(".json") ? "application/json" : "application/octet-stream");
        exchange.sendResponseHeaders(200, Files.size(file.get()));
        try (OutputStream out = exchange.getResponseBody()) {
            Files.copy(file.get(), out);
        }
    }

    static void json(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = Json.MAPPER.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    static void error(HttpExchange exchange, int status, String message) throws IOException {
        json(exchange, status, Map.of("error", message));
    }
}
