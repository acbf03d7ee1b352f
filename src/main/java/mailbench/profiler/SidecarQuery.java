package mailbench.profiler;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads a sidecar call's query string into what the call takes; a bad parameter is an IllegalArgumentException (a 400) naming the fix. */
final class SidecarQuery {

    private SidecarQuery() {
    }

    /** POST /start's {@code event}, {@code intervalMs} and {@code allocBytes}, each defaulted when absent. */
    static CaptureSettings captureSettings(URI uri) {
        Map<String, String> query = query(uri, "event", "intervalMs", "allocBytes");
        String allocBytes = query.get("allocBytes");
        return new CaptureSettings(query.getOrDefault("event", CaptureSettings.DEFAULT_EVENT),
            intervalMs(query.get("intervalMs")), allocBytes == null ? CaptureSettings.DEFAULT_ALLOC_BYTES
            : CaptureSettings.parseAllocBytes(allocBytes, "allocBytes"));
    }

    /** GET /artifacts' {@code from} and {@code to}, epoch milliseconds, each optional. */
    static ProfilerSidecar.Window window(URI uri) {
        Map<String, String> query = query(uri, "from", "to");
        return new ProfilerSidecar.Window(epochMillis(query, "from"), epochMillis(query, "to"));
    }

    private static int intervalMs(String value) {
        if (value == null) {
            return CaptureSettings.DEFAULT_INTERVAL_MS;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("intervalMs must be a whole number of milliseconds, got '" + value + "'");
        }
    }

    private static Long epochMillis(Map<String, String> query, String key) {
        String value = query.get(key);
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be epoch milliseconds, got '" + value + "'");
        }
    }

    /** The parameters of {@code uri}; one not in {@code accepted} is refused, naming those that are. */
    private static Map<String, String> query(URI uri, String... accepted) {
        Map<String, String> params = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (!List.of(accepted).contains(key)) {
                throw new IllegalArgumentException("unknown parameter '" + key + "' (accepted: " + String.join(", ", accepted) + ")");
            }
            params.put(key, value);
        }
        return params;
    }
}
