package mailbench.indexing;

import java.util.ArrayList;
import java.util.List;

/**
 * The cells of a bulk indexing matrix: every bulk size with every concurrency, sizes outermost,
 * each cell sending the same {@code docsPerCell} documents. {@code invalidEvery} > 0 makes every
 * N-th document invalid (an unknown field), to see per-item failures counted.
 */
public record BulkMatrix(List<Integer> sizes, List<Integer> concurrency, int docsPerCell, int warmUpDocs, int invalidEvery) {

    /** The warm-up's shape: a middle cell, so the request path and the per-item path both get compiled. */
    public static final int WARM_UP_SIZE = 10;
    public static final int WARM_UP_CONCURRENCY = 4;

    public BulkMatrix {
        sizes = List.copyOf(sizes);
        concurrency = List.copyOf(concurrency);
        if (sizes.isEmpty() || concurrency.isEmpty()) {
            throw new IllegalArgumentException("a bulk matrix needs at least one size and one concurrency");
        }
    }

    /** One cell: {@code concurrency} users, each sending bulks of {@code size} documents until the cell's documents are sent. */
    public record Cell(int index, int size, int concurrency, int docs) {

        /** The request name of this cell, as Gatling reports it. */
        public String name() {
            return "Bulk " + size + " x " + concurrency;
        }

        /** Bulk requests the cell sends: the last one may be short. */
        public int bulks() {
            return (docs + size - 1) / size;
        }

        /** First document (inclusive) of a bulk. */
        public int from(int bulk) {
            return bulk * size;
        }

        /** Last document (exclusive) of a bulk. */
        public int to(int bulk) {
            return Math.min(docs, (bulk + 1) * size);
        }
    }

    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        for (int size : sizes) {
            for (int users : concurrency) {
                cells.add(new Cell(cells.size(), size, users, docsPerCell));
            }
        }
        return cells;
    }

    /** The unmeasured cell sent before the matrix, or null when there is none. */
    public Cell warmUp() {
        return warmUpDocs == 0 ? null : new Cell(-1, WARM_UP_SIZE, WARM_UP_CONCURRENCY, warmUpDocs);
    }

    /** How many of a cell's documents are made invalid on purpose. */
    public int invalidIn(int docs) {
        return invalidEvery == 0 ? 0 : docs / invalidEvery;
    }

    /** Whether document {@code i} (0-based) of a cell is one of the invalid ones. */
    public boolean invalid(int i) {
        return invalidEvery > 0 && (i + 1) % invalidEvery == 0;
    }
}
