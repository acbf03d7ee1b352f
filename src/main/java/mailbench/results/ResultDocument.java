package mailbench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;
import mailbench.knobs.Knobs;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;

/**
 * One run folder as a document of the results index: what ran (run.json: commit, versions, simulation, variant, rate,
 * host) and what it measured (summary.json: the measured phase, the facade's CPU per request, and each request name's
 * figures under {@code perRequest.<name as a field>}). Flat where a chart needs a field; the template types them all.
 */
public final class ResultDocument {

    private ResultDocument() {
    }

    /** The document of {@code folder}; summary.json's figures are left out when the run wrote none (it was interrupted). */
    public static Map<String, Object> of(Path folder) throws IOException {
        RunFolder files = RunFolder.of(folder);
        requireFile(files.runJson());
        RunRecord run = files.readRecord();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("timestamp", run.start == null ? null : run.start.toString());
        doc.put("run", folder.getFileName().toString());
        doc.put("simulation", run.simulation);
        doc.put("variant", run.variant);
        doc.put("path", run.path);
        doc.put("target", run.target);
        doc.put("status", run.status);
        doc.put("commit", run.versions == null ? null : run.versions.get("mailbench"));
        Map<String, String> versions = new LinkedHashMap<>();
        // "client transport" -> "client_transport": a field name without spaces or dots, its case kept
        if (run.versions != null) {
            run.versions.forEach((name, version) -> versions.put(name.replaceAll("[^A-Za-z0-9_]+", "_"), version));
        }
        doc.put("versions", versions);
        doc.put("rate", integerOrNull(run.wholeKnob(Knobs.RATE.name())));
        doc.put("durationSeconds", integerOrNull(run.wholeKnob(Knobs.DURATION.name())));
        Map<String, Object> machine = run.machine == null ? Map.of() : run.machine;
        doc.put("host", machine.get("host") == null ? null : String.valueOf(machine.get("host")));
        doc.put("speedProbeMs", machine.get("speedProbeMs") instanceof Number probe ? probe.longValue() : null);
        if (files.hasSummary()) {
            JsonNode summary = read(files.summaryJson());
            doc.putAll(figures(summary.path("measured")));
            JsonNode cpu = summary.at("/profile/cpuMsPerRequest");
            doc.put("cpuMsPerRequest", cpu.isNumber() ? cpu.asDouble() : null);
            Map<String, Object> perRequest = new LinkedHashMap<>();
            for (JsonNode request : summary.path("requests")) {
                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("name", request.path("name").asText());
                figures.putAll(figures(request));
                perRequest.put(fieldName(request.path("name").asText()), figures);
            }
            doc.put("perRequest", perRequest);
        }
        return doc;
    }

    /** "Search by text" -> "search_by_text": a field name a dashboard can use (no spaces, no dots). */
    public static String fieldName(String name) {
        String field = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        return field.isEmpty() ? "unnamed" : field;
    }

    private static Map<String, Object> figures(JsonNode stats) {
        Map<String, Object> figures = new LinkedHashMap<>();
        long requests = stats.path("requests").asLong();
        long ko = stats.path("ko").asLong();
        figures.put("requests", requests);
        figures.put("ko", ko);
        figures.put("koPercent", requests == 0 ? 0.0 : 100.0 * ko / requests);
        for (String field : new String[] {"rps", "p50Ms", "p95Ms", "p99Ms", "maxMs"}) {
            figures.put(field, stats.path(field).isNumber() ? stats.path(field).asDouble() : null);
        }
        return figures;
    }

    private static Integer integerOrNull(OptionalLong knob) {
        return knob.isPresent() && knob.getAsLong() == (int) knob.getAsLong() ? (int) knob.getAsLong() : null;
    }

    private static JsonNode read(Path file) throws IOException {
        requireFile(file);
        return Json.MAPPER.readTree(file.toFile());
    }

    private static void requireFile(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("missing " + file + " (is " + file.getParent() + " a run folder?)");
        }
    }
}
