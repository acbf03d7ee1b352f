package mailbench.largesource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import mailbench.corpus.CorpusSpec;
import mailbench.facadeclient.FacadeStats;
import mailbench.html.InlinePage;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunSummary;

/** Writes a LargeSourceSimulation run into its run folder: large-source.json and large-source.html (table and chart, one page). */
public final class LargeSourceReport {

    public static final String JSON = "large-source.json";
    public static final String HTML = "large-source.html";

    private LargeSourceReport() {
    }

    public static List<Path> write(LargeSourceResult result, Path folder) throws IOException {
        return InlinePage.writeReport(LargeSourceReport.class, result, folder, JSON, HTML);
    }

    /**
     * The end of a LargeSourceSimulation run, once summary.json is written: the facade's counters between the two readings
     * and the measured response times, written into the run folder and printed; nothing when no measured search started.
     *
     * @param run what ran, as the reports name it; its path is left out, a large-source run is always on the facade path
     * @param start the facade's counters when the measured searches started, null when none did
     * @param event a line for the run's timeline
     */
    public static Optional<LargeSourceResult> afterRun(Map<String, String> run, CorpusSpec corpus, LargeSourceWorkload workload,
                                                       int concurrency, FacadeStats.Reading start, FacadeStats.Reading end, Path folder,
                                                       Consumer<String> event) throws IOException {
        if (start == null) {
            event.accept("no measured search started: no large-source report");
            return Optional.empty();
        }
        Map<String, Object> about = new LinkedHashMap<>(run);
        about.remove("path");
        LargeSourceResult result = LargeSourceResult.of(about, corpus, workload, concurrency, start, end, measured(folder));
        write(result, folder);
        System.out.println(table(result));
        event.accept("large _source report: " + folder.resolve(HTML));
        return Optional.of(result);
    }

    /** The measured searches of summary.json, once the run has written it. */
    public static RunSummary.Stats measured(Path folder) throws IOException {
        return RunFolder.of(folder).readSummary().measured();
    }

    /** The table as console lines. */
    public static String table(LargeSourceResult result) {
        LargeSourceResult.Facade facade = result.facade();
        RunSummary.Stats times = result.responseTimes();
        StringBuilder text = new StringBuilder(String.format("large _source, projection %s: %d hits of %,d bytes of attachment text,"
            + " %d in flight%n", result.projection(), result.hitsPerSearch(), result.corpus().attachmentTextBytes(), result.concurrency()));
        text.append(String.format("%-10s %8s %6s %8s %8s %8s %8s %12s %10s %10s%n", "searches", "req/s", "KO", "mean ms", "p50 ms",
            "p95 ms", "p99 ms", "KB/answer", "decode ms", "decode MB/s"));
        text.append(String.format("%,-10d %8.2f %,6d %8.1f %8d %8d %8d %12s %10s %10s%n", times.requests(), times.rps(), times.ko(),
            times.meanMs(), times.p50Ms(), times.p95Ms(), times.p99Ms(),
            orDash(facade.bytesPerResponse() == null ? null : facade.bytesPerResponse() / 1000), orDash(facade.decodeMsPerResponse()),
            orDash(facade.decodeMegabytesPerSecond())));
        if (facade.note() != null) {
            text.append(facade.note()).append(System.lineSeparator());
        }
        return text.toString();
    }

    private static String orDash(Double value) {
        return value == null ? "-" : String.format("%,.2f", value);
    }
}
