package mailbench.runfolder;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import mailbench.json.Json;
import mailbench.profiler.ProfileConverter;

/**
 * A run folder's layout, the one place that names its files: run.json ({@link RunRecord}), summary.json
 * ({@link RunSummary}), latency.hlog ({@link LatencyLog}), profile/ (the profiler's files, named by
 * {@link ProfileConverter}), logs/ (the stack's logs and node snapshots) and gatling/ (Gatling's own report).
 * Reads and writes those files as typed values; a missing or damaged file is an {@link IOException} naming the
 * file, which each reader turns into its own advice.
 */
public record RunFolder(Path dir) {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    public static final String RUN_JSON = "run.json";
    public static final String SUMMARY_JSON = "summary.json";
    public static final String LATENCY_LOG = "latency.hlog";
    public static final String PROFILE = "profile";
    public static final String LOGS = "logs";
    public static final String GATLING_REPORT = "gatling";
    /** Gatling's binary log, in its own results folder until the report moves into {@link #GATLING_REPORT}. */
    public static final String SIMULATION_LOG = "simulation.log";

    /** One of this folder's reads, for a caller that checks the file's presence itself and words its own advice. */
    @FunctionalInterface
    public interface Reading<T> {
        T read() throws IOException;
    }

    /** A run's name: its start (UTC, to the second), simulation and variant, and "-direct" for the direct path. */
    public static String name(Instant start, String simulation, String variant, boolean direct) {
        return RUN_ID.format(start) + "-" + simulation + "-" + variant + (direct ? "-direct" : "");
    }

    /** Creates the folder {@code name} under {@code reportsDir}, or name-2, name-3...: a run never overwrites another. */
    public static RunFolder create(Path reportsDir, String name) throws IOException {
        Files.createDirectories(reportsDir);
        for (int attempt = 1; ; attempt++) {
            Path folder = reportsDir.resolve(attempt == 1 ? name : name + "-" + attempt).toAbsolutePath();
            try {
                return new RunFolder(Files.createDirectory(folder));
            } catch (FileAlreadyExistsException e) {
                // two runs in the same second: never overwrite, take the next name
            }
        }
    }

    public static RunFolder of(Path dir) {
        return new RunFolder(dir);
    }

    /** A folder is a run folder when it holds a run.json (a merge's folder is one too). */
    public static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(RUN_JSON));
    }

    /** Gatling's simulation.log in one of its results folders. */
    public static Path simulationLogIn(Path gatlingResultsDir) {
        return gatlingResultsDir.resolve(SIMULATION_LOG);
    }

    public Path runJson() {
        return dir.resolve(RUN_JSON);
    }

    public Path summaryJson() {
        return dir.resolve(SUMMARY_JSON);
    }

    public Path latencyLog() {
        return dir.resolve(LATENCY_LOG);
    }

    public Path profileDir() {
        return dir.resolve(PROFILE);
    }

    /** The profile's collapsed stacks (present only when the profile was captured). */
    public Path collapsedStacks() {
        return profileDir().resolve(ProfileConverter.COLLAPSED);
    }

    /** The profile's flame graph of the facade's event loops, the page a reader opens first. */
    /** The sampled heap allocation's collapsed stacks (absent without an allocation profile). */
    public Path allocationStacks() {
        return profileDir().resolve(ProfileConverter.ALLOC_COLLAPSED);
    }

    public Path eventLoopFlameGraph() {
        return profileDir().resolve(ProfileConverter.EVENT_LOOP_HTML);
    }

    public Path logsDir() {
        return dir.resolve(LOGS);
    }

    public Path gatlingReportDir() {
        return dir.resolve(GATLING_REPORT);
    }

    public boolean hasSummary() {
        return Files.isRegularFile(summaryJson());
    }

    public boolean hasLatencyLog() {
        return Files.isRegularFile(latencyLog());
    }

    /** run.json as written by a run (a merge's run.json reads the same, its injectors left out). */
    public RunRecord readRecord() throws IOException {
        return Json.MAPPER.readValue(runJson().toFile(), RunRecord.class);
    }

    /** Rewrites run.json atomically, so an interrupted run still says how far it got. */
    public void writeRecord(RunRecord record) throws IOException {
        record.write(runJson());
    }

    /** run.json of a merge: the runs' common fields and its injectors (see mailbench.merge). */
    public void writeMergedRecord(Object mergedRecord) throws IOException {
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(runJson().toFile(), mergedRecord);
    }

    public RunSummary readSummary() throws IOException {
        return Json.MAPPER.readValue(summaryJson().toFile(), RunSummary.class);
    }

    public void writeSummary(RunSummary summary) throws IOException {
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(summaryJson().toFile(), summary);
    }

    public LatencyLog.Measured readLatencies() throws IOException {
        return LatencyLog.read(latencyLog());
    }

    public void writeLatencies(LatencyLog.Measured latencies) throws IOException {
        LatencyLog.write(latencyLog(), latencies);
    }
}
