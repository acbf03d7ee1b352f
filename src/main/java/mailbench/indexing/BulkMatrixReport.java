package mailbench.indexing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.html.InlinePage;

/** Writes a bulk matrix into the run folder: bulk-matrix.json and bulk-matrix.html (table and charts, one self-contained page). */
public final class BulkMatrixReport {

    public static final String JSON = "bulk-matrix.json";
    public static final String HTML = "bulk-matrix.html";

    private BulkMatrixReport() {
    }

    public static List<Path> write(BulkMatrixResult result, Path folder) throws IOException {
        return InlinePage.writeReport(BulkMatrixReport.class, result, folder, JSON, HTML);
    }

    /**
     * The end of a BulkIndexSimulation run: the matrix's result written into the run folder, its table printed.
     *
     * @param run what ran, as the report names it (simulation, runId, variant, path, target)
     * @param event a line for the run's timeline
     */
    public static BulkMatrixResult afterRun(Map<String, String> run, BulkMatrix matrix, List<CellOutcome> outcomes, CellTimings timings,
                                            Path folder, Consumer<String> event) throws IOException {
        BulkMatrixResult result = BulkMatrixResult.of(run, matrix, outcomes, timings);
        write(result, folder);
        System.out.println(table(result));
        event.accept("bulk matrix: " + folder.resolve(HTML));
        return result;
    }

    /** The table as console lines. */
    public static String table(BulkMatrixResult result) {
        StringBuilder text = new StringBuilder(String.format("%-18s %9s %9s %9s %6s %10s %8s %8s%n", "cell", "sent", "refused", "in index",
            "lost", "docs/s", "p50 ms", "p99 ms"));
        for (BulkMatrixResult.Row row : result.cells()) {
            text.append(String.format("%-18s %,9d %,9d %,9d %6s %,10.0f %8d %8d%n", row.cell(), row.docsSent(), row.itemsFailed(),
                row.indexCount(), row.problem() == null ? Long.toString(row.lost()) : "?", row.docsPerSecond(), row.p50Ms(), row.p99Ms()));
        }
        if (result.largestOverSmallest() != null) {
            BulkMatrixResult.SizeRatio ratio = result.largestOverSmallest();
            text.append(String.format("best cell: %s (%,.0f docs/s); bulk %d over bulk %d: %.1fx; %s%n", result.best().cell(),
                result.best().docsPerSecond(), ratio.largeSize(), ratio.smallSize(), ratio.ratio(),
                result.nothingLost() ? "nothing lost" : "DOCUMENTS LOST OR UNCOUNTED, see the cells"));
            for (BulkMatrixResult.SizeRatioAt at : result.largestOverSmallestByConcurrency()) {
                text.append(String.format("  with %d in flight: bulk %d over bulk %d: %.1fx (%,.0f / %,.0f docs/s)%n", at.concurrency(),
                    ratio.largeSize(), ratio.smallSize(), at.ratio(), at.largeDocsPerSecond(), at.smallDocsPerSecond()));
            }
        }
        return text.toString();
    }
}
