package mailbench.facadeclient;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.opensearch.SearchStats;
import mailbench.json.Json;

/** Reads a facade's search counters ({@code GET /_mailbench/stats}): one reading at each end of the measured phase. */
public final class FacadeStats {

    /** The facade's counters; the facade serves them at the same path (its MailRoutes, kept equal by FacadeStatsTest). */
    public static final String STATS_PATH = "/_mailbench/stats";

    /** One reading: the facade's projection and its counters. */
    public record Reading(String projection, SearchStats.Snapshot searches) {
    }

    /** Requests the facade answered with 503 by itself, per bound, since it started. */
    public record Refusals(long inFlight, long eventLoopLag) {

        public Refusals minus(Refusals earlier) {
            return new Refusals(inFlight - earlier.inFlight, eventLoopLag - earlier.eventLoopLag);
        }
    }

    /**
     * The facade JVM's counters since it started: heap bytes allocated by its threads (null when its JVM cannot count
     * them), and its GC pauses.
     */
    public record Memory(Long allocatedBytes, long gcCount, long gcMillis) {

        public Memory minus(Memory earlier) {
            Long allocated = allocatedBytes == null || earlier.allocatedBytes == null ? null : allocatedBytes - earlier.allocatedBytes;
            return new Memory(allocated, gcCount - earlier.gcCount, gcMillis - earlier.gcMillis);
        }
    }

    private FacadeStats() {
    }

    /** The facade's allocation and GC counters, or null when it does not tell (not a facade, an older one, not reachable in 2 s). */
    public static Memory memoryOrNull(URI facade, FacadeAccess access) {
        return fieldsOrNull(facade, access, body -> !body.path("gcCount").isNumber() ? null : new Memory(
            body.path("allocatedBytes").isNumber() ? body.get("allocatedBytes").asLong() : null,
            body.get("gcCount").asLong(), body.path("gcMillis").asLong()));
    }

    /** The facade's refusals so far, or null when it does not tell (not a facade, an older one, not reachable in 2 s). */
    public static Refusals refusalsOrNull(URI facade) {
        return refusalsOrNull(facade, FacadeAccess.NONE);
    }

    /** As {@link #refusalsOrNull(URI)}, with the facade's token and TLS trust. */
    public static Refusals refusalsOrNull(URI facade, FacadeAccess access) {
        return fieldsOrNull(facade, access, body -> {
            JsonNode refused = body.get("refused");
            return refused == null ? null : new Refusals(refused.path("inFlight").asLong(), refused.path("eventLoopLag").asLong());
        });
    }

    /** Some fields of the stats, or null when the facade does not answer them within 2 s. */
    private static <T> T fieldsOrNull(URI facade, FacadeAccess access, Function<JsonNode, T> fields) {
        try {
            return fields.apply(body(facade, access, Duration.ofSeconds(2)));
        } catch (IOException | RuntimeException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    public static Reading read(URI facade) throws IOException, InterruptedException {
        return read(facade, FacadeAccess.NONE);
    }

    /** As {@link #read(URI)}, with the facade's token and TLS trust. */
    public static Reading read(URI facade, FacadeAccess access) throws IOException, InterruptedException {
        JsonNode body = body(facade, access, Duration.ofSeconds(10));
        return new Reading(body.path("projection").asText(), Json.MAPPER.treeToValue(body.get("searches"), SearchStats.Snapshot.class));
    }

    private static JsonNode body(URI facade, FacadeAccess access, Duration timeout) throws IOException, InterruptedException {
        URI url = facade.resolve(STATS_PATH);
        HttpResponse<String> response = access.http().send(access.authorize(HttpRequest.newBuilder(url)).timeout(timeout).build(),
            HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(url + " answered " + response.statusCode() + ": is the target a mailbench facade of this version?");
        }
        return Json.MAPPER.readTree(response.body());
    }
}
