package mailbench.settings;

import mailbench.indexing.BulkMatrix;
import mailbench.knobs.Knobs;

/** The knobs of the workloads beside search: BulkIndexSimulation's matrix and index, LargeSourceSimulation's load. */
public record WorkloadSettings(BulkMatrix bulk, BulkIndex bulkIndex, LargeSource large) {

    /**
     * The index BulkIndexSimulation recreates for each cell and whether it may on a target; the knobs' names for its
     * messages ({@code BulkMatrixIndex}).
     */
    public record BulkIndex(String index, boolean deleteOnTarget) {

        public static final String INDEX_KNOB = Knobs.BULK_INDEX.name();
        public static final String DELETE_KNOB = Knobs.BULK_DELETE_ON_TARGET.name();
    }

    /** LargeSourceSimulation's load: hits per search and searches in flight. */
    public record LargeSource(int hits, int concurrency) {
    }

    /** {@code runIndex}: the run's index, BulkIndexSimulation's unless -Dmailbench.bulk.index names another. */
    static WorkloadSettings read(String runIndex) {
        // a bulk of 10,000 is the facade's default --max-bulk-items; 256 bulks at once is far past any useful concurrency
        BulkMatrix bulk = new BulkMatrix(Knobs.BULK_SIZES.intListValue(1, 10_000), Knobs.BULK_CONCURRENCY.intListValue(1, 256),
            Knobs.BULK_DOCS.intValue(1, 1_000_000), Knobs.BULK_WARMUP_DOCS.intValue(0, 1_000_000),
            Knobs.BULK_INVALID_EVERY.intValue(0, 1_000_000));
        String named = Knobs.BULK_INDEX.value();
        return new WorkloadSettings(bulk, new BulkIndex(named.isEmpty() ? runIndex : named, Knobs.BULK_DELETE_ON_TARGET.booleanValue()),
            new LargeSource(Knobs.LARGE_HITS.intValue(1, 100), Knobs.LARGE_CONCURRENCY.intValue(1, 64)));
    }
}
