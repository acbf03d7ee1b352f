package mailbench.indexing;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.facade.opensearch.MailIndex;
import mailbench.loader.OpenSearchAdmin;

/**
 * Runs a bulk matrix's bookkeeping between the cells the load generator sends: before a cell the
 * index is deleted and created again with the mail mapping (the mapping is strict, so an index that
 * a bulk created by itself would refuse every document), after it the index is refreshed and
 * counted against what was sent. Calls come one at a time, between cells.
 */
public final class BulkMatrixRun {

    private final BulkMatrix matrix;
    private final BulkDocuments documents;
    private final OpenSearchHttp admin;
    private final String index;
    private final int replicas;
    private final Consumer<String> say;
    private final Map<BulkMatrix.Cell, CellProgress> progress = new LinkedHashMap<>();
    private final List<CellOutcome> outcomes = new ArrayList<>();
    private final Map<BulkMatrix.Cell, String> unprepared = new LinkedHashMap<>();

    /** {@code opensearch}: the hosts, taken in turn; {@code access}: their CA and credentials (staging), or {@link OpenSearchAccess#NONE}. */
    public BulkMatrixRun(BulkMatrix matrix, BulkDocuments documents, List<URI> opensearch, OpenSearchAccess access, String index,
                         Consumer<String> say) {
        this(matrix, documents, opensearch, access, index, 0, say);
    }

    /** The same, the index recreated with {@code replicas} replicas. */
    public BulkMatrixRun(BulkMatrix matrix, BulkDocuments documents, List<URI> opensearch, OpenSearchAccess access, String index,
                         int replicas, Consumer<String> say) {
        this.replicas = replicas;
        this.matrix = matrix;
        this.documents = documents;
        this.admin = new OpenSearchHttp(opensearch, access);
        this.index = index;
        this.say = say;
        if (matrix.warmUp() != null) {
            progress.put(matrix.warmUp(), new CellProgress(matrix.warmUp()));
        }
        matrix.cells().forEach(cell -> progress.put(cell, new CellProgress(cell)));
    }

    public BulkMatrix matrix() {
        return matrix;
    }

    /** The warm-up (if any) and then the matrix's cells, in the order they run. */
    public List<BulkMatrix.Cell> steps() {
        return List.copyOf(progress.keySet());
    }

    public synchronized CellProgress progress(BulkMatrix.Cell cell) {
        return progress.get(cell);
    }

    /** The body of one bulk of a cell. */
    public byte[] body(BulkMatrix.Cell cell, int bulk) {
        return documents.body(cell.from(bulk), cell.to(bulk));
    }

    /** Before a cell: a fresh, empty index with the mail mapping. */
    public synchronized void prepare(BulkMatrix.Cell cell) {
        try {
            OpenSearchAdmin.recreateIndex(admin, index, MailIndex.createRequestJson(1, replicas));
            say.accept(cell.name() + (cell.index() < 0 ? " (warm-up)" : "") + ": " + cell.docs() + " documents in "
                + cell.bulks() + " bulks, " + cell.concurrency() + " in flight, onto a fresh index");
        } catch (IOException e) {
            unprepared.put(cell, "could not recreate the index: " + e.getMessage());
            say.accept(cell.name() + ": " + unprepared.get(cell));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            unprepared.put(cell, "interrupted while recreating the index");
        }
    }

    /** After a cell: refresh, count, and compare with what was sent. The warm-up is checked too, but not kept. */
    public synchronized void check(BulkMatrix.Cell cell) {
        CellProgress done = progress.get(cell);
        long invalid = matrix.invalidIn((int) done.itemsSent());
        CellOutcome outcome;
        if (unprepared.containsKey(cell)) {
            outcome = CellOutcome.failed(done, invalid, unprepared.get(cell));
        } else {
            outcome = count(done, invalid);
        }
        say.accept(cell.name() + ": " + outcome.describe());
        if (cell.index() >= 0) {
            outcomes.add(outcome);
        }
    }

    private CellOutcome count(CellProgress done, long invalid) {
        try {
            OpenSearchAdmin.refresh(admin, index);
            return CellOutcome.counted(done, invalid, OpenSearchAdmin.count(admin, index));
        } catch (IOException e) {
            return CellOutcome.failed(done, invalid, "could not count the index: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CellOutcome.failed(done, invalid, "interrupted while counting the index");
        }
    }

    public synchronized List<CellOutcome> outcomes() {
        return List.copyOf(outcomes);
    }
}
