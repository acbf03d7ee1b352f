package mailbench.costs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import one.convert.Arguments;
import one.convert.JfrToFlame;

import mailbench.json.Json;
import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ProfileConverter;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;

/**
 * The cost table of one run folder: its capture ({@code profile/facade.jfr}) converted again, over the same window, with
 * source lines, and scaled to the run's measured CPU and allocation per request. Writes {@code profile/cost-table.json}
 * and {@code profile/cost-table.adoc} beside the flame graphs.
 */
public final class RunCosts {

    public static final String JSON = "cost-table.json";
    public static final String ADOC = "cost-table.adoc";

    /** What the tool wrote: the table and the page. */
    public record Outcome(CostTable table, Path json, Path adoc, String page) {
    }

    private RunCosts() {
    }

    public static Outcome write(Path runDir, int top) throws IOException {
        if (!RunFolder.isRun(runDir)) {
            throw new IllegalArgumentException(runDir + " is not a run folder (no " + RunFolder.RUN_JSON
                + "): pass reports/<timestamp>-<simulation>-<variant>");
        }
        Path profile = runDir.resolve(RunFolder.PROFILE);
        Path jfr = profile.resolve(ProfileConverter.JFR);
        Path report = profile.resolve(ProfileConverter.REPORT);
        if (!Files.isRegularFile(jfr) || !Files.isRegularFile(report)) {
            throw new IllegalArgumentException(runDir + " has no capture (" + RunFolder.PROFILE + "/" + ProfileConverter.JFR + " and "
                + ProfileConverter.REPORT + "): run with the profiler on (-Dmailbench.profiler=true, the default)");
        }
        JsonNode capture = Json.MAPPER.readTree(report.toFile());
        JsonNode summary = Json.MAPPER.readTree(runDir.resolve(RunFolder.SUMMARY_JSON).toFile());
        RunRecord run = RunFolder.of(runDir).readRecord();
        long requests = summary.path("profile").path("requests").asLong(0);
        long cpuMs = capture.path("targetCpuMs").asLong(0);
        double bytesPerRequest = summary.path("facade").path("allocatedBytesPerRequest").asDouble(0);
        if (requests <= 0 || cpuMs <= 0) {
            throw new IllegalArgumentException(runDir + ": the capture has no request count or no OS count of the facade's CPU"
                + " (the sidecar must run on the facade's host): the table scales its shares to that count");
        }
        if (bytesPerRequest <= 0) {
            throw new IllegalArgumentException(runDir + ": summary.json has no facade.allocatedBytesPerRequest (the facade's allocation"
                + " count was not read): run against a mailbench facade");
        }
        if ("wall".equals(capture.path("event").asText())) {
            // wall samples count waiting threads too: their shares are not shares of the CPU the OS counted
            throw new IllegalArgumentException(runDir + ": a wall-clock capture; the table needs CPU samples: run with"
                + " -Dmailbench.profiler.event=itimer (the default) or cpu");
        }
        Instant from = instant(runDir, capture, "startedAt");
        Instant to = instant(runDir, capture, "stoppedAt");
        CollapsedStacks cpu = convert(jfr, profile.resolve("cost-cpu.collapsed"), from, to, List.of("--threads", "--lines"));
        CollapsedStacks allocation = convert(jfr, profile.resolve("cost-alloc.collapsed"), from, to,
            List.of("--alloc", "--total", "--threads", "--lines"));
        if (allocation.samples() == 0) {
            throw new IllegalArgumentException(runDir + ": the capture holds no allocation samples: run with -Dmailbench.profiler.allocBytes > 0");
        }
        CostTable table = CostTable.of(cpu, allocation, cpuMs * 1000.0 / requests, bytesPerRequest, top);
        Map<String, String> versions = run.versions == null ? Map.of() : new LinkedHashMap<>(run.versions);
        String page = CostTablePage.render(runDir.getFileName().toString(), versions, capture, requests, table);
        Path json = profile.resolve(JSON);
        Path adoc = profile.resolve(ADOC);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), Map.of("run", runDir.getFileName().toString(),
            "versions", versions, "requests", requests, "table", table));
        Files.writeString(adoc, page, StandardCharsets.UTF_8);
        return new Outcome(table, json, adoc, page);
    }

    private static Instant instant(Path runDir, JsonNode capture, String field) {
        try {
            return Instant.parse(capture.path(field).asText());
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException(runDir + ": " + ProfileConverter.REPORT + " has no valid " + field + " ('"
                + capture.path(field).asText() + "'): the capture's window is unknown");
        }
    }

    /** The window's stacks with source lines; the intermediate file is removed, the table keeps what it needs. */
    private static CollapsedStacks convert(Path jfr, Path out, Instant from, Instant to, List<String> options) throws IOException {
        List<String> args = new java.util.ArrayList<>(options);
        args.addAll(List.of("-o", "collapsed"));
        Arguments arguments = new Arguments(args.toArray(String[]::new));
        arguments.from = from.toEpochMilli();
        arguments.to = to.toEpochMilli();
        try {
            JfrToFlame.convert(jfr.toString(), out.toString(), arguments);
            return CollapsedStacks.read(out);
        } catch (IOException | RuntimeException e) {
            // a truncated or foreign file fails inside the converter's parser
            throw new IOException(jfr + " cannot be read as a capture (" + e + ")", e);
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
