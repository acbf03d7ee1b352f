package mailbench.indexing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The numbers of a bulk matrix: one row per cell (documents, refusals, the count afterwards,
 * docs/s over the cell's span, latency of its bulk requests) and the comparisons the matrix is
 * run for: the best cell, and the largest bulk size against the smallest, each at its best
 * concurrency and at each concurrency alike (the 2020 bulk size x threads study compares them single-threaded). Written as
 * bulk-matrix.json and shown by bulk-matrix.html.
 */
public record BulkMatrixResult(Map<String, String> run, int docsPerCell, List<Integer> sizes, List<Integer> concurrency,
                               boolean nothingLost, Best best, SizeRatio largestOverSmallest,
                               List<SizeRatioAt> largestOverSmallestByConcurrency, List<Row> cells) {

    /** One cell. {@code bulksKo}: bulk requests the load generator counted as failed (HTTP error, timeout). */
    public record Row(String cell, int size, int concurrency, int bulks, long docsSent, long invalidSent, long itemsFailed,
                      long bulksKo, long indexCount, long lost, boolean nothingLost, String problem, double seconds,
                      double docsPerSecond, long p50Ms, long p95Ms, long p99Ms, long maxMs) {
    }

    public record Best(String cell, double docsPerSecond) {
    }

    /** docs/s of the largest size over the smallest, each at the concurrency where it was fastest. */
    public record SizeRatio(int smallSize, double smallDocsPerSecond, int largeSize, double largeDocsPerSecond, double ratio) {
    }

    /** docs/s of the largest size over the smallest with the same number of bulks in flight. */
    public record SizeRatioAt(int concurrency, double smallDocsPerSecond, double largeDocsPerSecond, double ratio) {
    }

    public static BulkMatrixResult of(Map<String, String> run, BulkMatrix matrix, List<CellOutcome> outcomes, CellTimings timings) {
        List<Row> rows = new ArrayList<>();
        for (CellOutcome outcome : outcomes) {
            rows.add(row(outcome, timings.of(outcome.name())));
        }
        boolean nothingLost = rows.size() == matrix.cells().size() && rows.stream().allMatch(Row::nothingLost);
        Best best = rows.stream().max(Comparator.comparingDouble(Row::docsPerSecond))
            .map(r -> new Best(r.cell(), r.docsPerSecond())).orElse(null);
        return new BulkMatrixResult(new TreeMap<>(run), matrix.docsPerCell(), matrix.sizes(), matrix.concurrency(), nothingLost, best,
            sizeRatio(rows), sizeRatiosByConcurrency(rows), List.copyOf(rows));
    }

    private static Row row(CellOutcome o, CellTimings.Span span) {
        boolean timed = span != null && span.histogram.getTotalCount() > 0;
        double seconds = timed ? span.seconds() : 0;
        // documents that reached the index, per second of the cell: refused items are not indexing throughput
        double docsPerSecond = timed ? round((o.docsSent() - o.itemsFailed()) / seconds) : 0;
        return new Row(o.name(), o.size(), o.concurrency(), o.bulks(), o.docsSent(), o.invalidSent(), o.itemsFailed(),
            timed ? span.ko : 0, o.indexCount(), o.lost(), o.nothingLost() && timed && span.ko == 0, o.problem(), round(seconds),
            docsPerSecond, timed ? span.histogram.getValueAtPercentile(50) : 0, timed ? span.histogram.getValueAtPercentile(95) : 0,
            timed ? span.histogram.getValueAtPercentile(99) : 0, timed ? span.histogram.getMaxValue() : 0);
    }

    private static SizeRatio sizeRatio(List<Row> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        int small = rows.stream().mapToInt(Row::size).min().getAsInt();
        int large = rows.stream().mapToInt(Row::size).max().getAsInt();
        double smallBest = bestAt(rows, small);
        double largeBest = bestAt(rows, large);
        return new SizeRatio(small, smallBest, large, largeBest, smallBest == 0 ? 0 : round(largeBest / smallBest));
    }

    private static List<SizeRatioAt> sizeRatiosByConcurrency(List<Row> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        int small = rows.stream().mapToInt(Row::size).min().getAsInt();
        int large = rows.stream().mapToInt(Row::size).max().getAsInt();
        List<SizeRatioAt> ratios = new ArrayList<>();
        rows.stream().mapToInt(Row::concurrency).distinct().sorted().forEach(concurrency -> {
            Row smallRow = at(rows, small, concurrency);
            Row largeRow = at(rows, large, concurrency);
            if (smallRow != null && largeRow != null) {
                ratios.add(new SizeRatioAt(concurrency, smallRow.docsPerSecond(), largeRow.docsPerSecond(),
                    smallRow.docsPerSecond() == 0 ? 0 : round(largeRow.docsPerSecond() / smallRow.docsPerSecond())));
            }
        });
        return List.copyOf(ratios);
    }

    private static Row at(List<Row> rows, int size, int concurrency) {
        return rows.stream().filter(r -> r.size() == size && r.concurrency() == concurrency).findFirst().orElse(null);
    }

    private static double bestAt(List<Row> rows, int size) {
        return rows.stream().filter(r -> r.size() == size).mapToDouble(Row::docsPerSecond).max().orElse(0);
    }

    static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
