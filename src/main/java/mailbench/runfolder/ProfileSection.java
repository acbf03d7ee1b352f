package mailbench.runfolder;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import mailbench.profiler.CaptureSettings;

/**
 * summary.json's {@code profile}: either the capture's numbers or "none" with the reason.
 * {@code cpuMsPerRequest} = samples x interval / requests completed inside the capture window
 * (CPU time of the whole facade JVM per request; not given for wall-clock sampling).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProfileSection(
    String status,
    String reason,
    String event,
    Integer intervalMs,
    Instant startedAt,
    Instant stoppedAt,
    Long samples,
    Long targetCpuMs,
    Double sampledCpuPercent,
    Long requests,
    Double cpuMsPerRequest,
    JsonNode threadGroups,
    JsonNode topFrames,
    JsonNode owners,
    List<String> files) {

    public static final String CAPTURED = "captured";
    public static final String NONE = "none";

    public static ProfileSection none(String reason) {
        return new ProfileSection(NONE, reason, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** From the sidecar's profile.json, the requests served in its window, and where its files were copied. */
    public static ProfileSection captured(JsonNode report, long requests, List<String> files) {
        long samples = report.path("samples").asLong();
        int intervalMs = report.path("intervalMs").asInt();
        boolean cpu = new CaptureSettings(report.path("event").asText(), intervalMs).measuresCpu();
        Double perRequest = cpu && requests > 0 ? Math.round(samples * (double) intervalMs / requests * 10_000) / 10_000.0 : null;
        return new ProfileSection(CAPTURED, null, report.path("event").asText(), intervalMs,
            Instant.parse(report.path("startedAt").asText()), Instant.parse(report.path("stoppedAt").asText()), samples,
            report.hasNonNull("targetCpuMs") ? report.get("targetCpuMs").asLong() : null,
            report.hasNonNull("sampledCpuPercent") ? report.get("sampledCpuPercent").asDouble() : null, requests,
            perRequest, presentOrNull(report.get("threadGroups")), presentOrNull(report.get("topFrames")),
            presentOrNull(report.get("owners")), files);
    }

    /**
     * Whose cost the samples are, as the sidecar split them (CostOwners): "cpu: the client's 48.4%, the facade's own 38.3%,
     * neither 13.3%; allocation: ...", or null for a profile without the split.
     */
    public String ownersLine() {
        if (owners == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        owners.fields().forEachRemaining(e -> parts.add(e.getKey() + ": the client's " + e.getValue().path("clientPercent").asDouble()
            + "%, the facade's own " + e.getValue().path("facadePercent").asDouble() + "%, neither " + e.getValue().path("neitherPercent").asDouble() + "%"));
        return String.join("; ", parts);
    }

    private static JsonNode presentOrNull(JsonNode node) {
        return node == null || node.isNull() ? null : node;
    }
}
