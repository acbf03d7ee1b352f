package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import mailbench.json.Json;
import mailbench.runfolder.ProfileSection;

class ProfileSectionTest {

    private static final List<String> FILES = List.of("profile/facade-flamegraph.html", "profile/profile.json");

    /** A profile.json as the sidecar writes it (only the fields the run reads, plus the group and frame trees). */
    private static ObjectNode profileJson(String event, int intervalMs, long samples) {
        ObjectNode report = Json.MAPPER.createObjectNode()
            .put("event", event)
            .put("intervalMs", intervalMs)
            .put("pid", 4242)
            .put("startedAt", "2025-01-01T10:00:05Z")
            .put("stoppedAt", "2025-01-01T10:00:55Z")
            .put("samples", samples);
        report.putObject("threadGroups").putObject("clientEventLoop").put("samples", samples).put("percent", 100.0);
        report.putObject("topFrames").putObject("wholeJvm").put("samples", samples).putArray("self");
        return report;
    }

    private static JsonNode written(ProfileSection section) throws JsonProcessingException {
        return Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(section));
    }

    private static void assertNoNullFields(JsonNode json) {
        json.fields().forEachRemaining(field -> assertThat(field.getValue().isNull()).as(field.getKey()).isFalse());
    }

    @Test
    void noneShouldHaveTheStatusAndTheReasonOnly() throws JsonProcessingException {
        ProfileSection none = ProfileSection.none("async-profiler does not run on Windows");

        assertThat(none.status()).isEqualTo(ProfileSection.NONE).isEqualTo("none");
        assertThat(none.reason()).isEqualTo("async-profiler does not run on Windows");
        assertThat(none.samples()).isNull();
        assertThat(none.cpuMsPerRequest()).isNull();
        JsonNode json = written(none);
        assertThat(json.size()).isEqualTo(2);
        assertThat(json.path("status").asText()).isEqualTo("none");
        assertThat(json.path("reason").asText()).isEqualTo("async-profiler does not run on Windows");
    }

    @Test
    void capturedShouldCopyTheNumbersOfProfileJson() {
        ObjectNode report = profileJson("itimer", 10, 500);

        ProfileSection section = ProfileSection.captured(report, 2000, FILES);

        assertThat(section.status()).isEqualTo(ProfileSection.CAPTURED).isEqualTo("captured");
        assertThat(section.reason()).isNull();
        assertThat(section.event()).isEqualTo("itimer");
        assertThat(section.intervalMs()).isEqualTo(10);
        assertThat(section.samples()).isEqualTo(500L);
        assertThat(section.requests()).isEqualTo(2000L);
        assertThat(section.startedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:05Z"));
        assertThat(section.stoppedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:55Z"));
        assertThat(section.threadGroups()).isEqualTo(report.get("threadGroups"));
        assertThat(section.topFrames()).isEqualTo(report.get("topFrames"));
        assertThat(section.files()).isEqualTo(FILES);
    }

    @Test
    void capturedShouldComputeCpuMsPerRequest() {
        // 500 samples x 10 ms = 5000 ms of CPU over 2000 requests
        assertThat(ProfileSection.captured(profileJson("itimer", 10, 500), 2000, FILES).cpuMsPerRequest()).isEqualTo(2.5);
        assertThat(ProfileSection.captured(profileJson("cpu", 4, 1000), 3000, FILES).cpuMsPerRequest()).isEqualTo(1.3333);
    }

    @Test
    void capturedShouldGiveNoCpuMsPerRequestForWallClockSampling() {
        assertThat(ProfileSection.captured(profileJson("wall", 10, 500), 2000, FILES).cpuMsPerRequest()).isNull();
    }

    @Test
    void capturedShouldGiveNoCpuMsPerRequestWithoutRequests() {
        assertThat(ProfileSection.captured(profileJson("itimer", 10, 500), 0, FILES).cpuMsPerRequest()).isNull();
    }

    @Test
    void capturedShouldWriteNoNullFields() throws JsonProcessingException {
        JsonNode json = written(ProfileSection.captured(profileJson("wall", 10, 500), 0, FILES));

        assertNoNullFields(json);
        assertThat(json.has("reason")).isFalse();
        assertThat(json.has("cpuMsPerRequest")).isFalse();
        assertThat(json.path("startedAt").asText()).isEqualTo("2025-01-01T10:00:05Z");
        assertThat(json.path("threadGroups").path("clientEventLoop").path("samples").asLong()).isEqualTo(500);
    }

    @Test
    void capturedShouldWriteCpuMsPerRequestWhenItIsKnown() throws JsonProcessingException {
        JsonNode json = written(ProfileSection.captured(profileJson("itimer", 10, 500), 2000, FILES));

        assertNoNullFields(json);
        assertThat(json.path("cpuMsPerRequest").asDouble()).isEqualTo(2.5);
        assertThat(json.path("requests").asLong()).isEqualTo(2000);
    }
}
