package mailbench.indexing;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * One cell while it runs: which bulk goes next (its users share the cell's documents) and what
 * the answers said, item by item. Thread-safe: every user of the cell reports here.
 */
public final class CellProgress {

    private final BulkMatrix.Cell cell;
    private final AtomicInteger next = new AtomicInteger();
    private final LongAdder itemsSent = new LongAdder();
    private final LongAdder itemsFailed = new LongAdder();
    private final LongAdder bulksUnanswered = new LongAdder();

    public CellProgress(BulkMatrix.Cell cell) {
        this.cell = cell;
    }

    public BulkMatrix.Cell cell() {
        return cell;
    }

    /** The next bulk to send, or -1 when the cell has sent all its documents. */
    public int claim() {
        int bulk = next.getAndIncrement();
        return bulk < cell.bulks() ? bulk : -1;
    }

    /** Items in a bulk: the last one may be short. */
    public int items(int bulk) {
        return cell.to(bulk) - cell.from(bulk);
    }

    /** A bulk was answered: {@code failed} of its items were refused (per-item results). */
    public void answered(int items, int failed) {
        itemsSent.add(items);
        itemsFailed.add(failed);
    }

    /** A bulk got no usable answer (an HTTP error, a timeout): its items may or may not be indexed. */
    public void unanswered(int items) {
        itemsSent.add(items);
        bulksUnanswered.increment();
    }

    long itemsSent() {
        return itemsSent.sum();
    }

    long itemsFailed() {
        return itemsFailed.sum();
    }

    long bulksUnanswered() {
        return bulksUnanswered.sum();
    }
}
