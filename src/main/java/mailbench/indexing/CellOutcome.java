package mailbench.indexing;

/**
 * What one cell left behind, counted on the index after it: {@code lost} is what was sent, not
 * refused, and yet is not in the index (0 unless something went wrong); {@code problem} says why
 * the cell could not be prepared or counted, if it could not.
 */
public record CellOutcome(String name, int size, int concurrency, int bulks, long docsSent, long invalidSent, long itemsFailed,
                          long bulksUnanswered, long indexCount, long lost, String problem) {

    public boolean nothingLost() {
        return problem == null && lost == 0 && bulksUnanswered == 0;
    }

    /** One line for the console and run.json. */
    public String describe() {
        String counts = String.format("%,d sent, %,d refused, %,d in the index, ", docsSent, itemsFailed, indexCount);
        if (nothingLost()) {
            return counts + "nothing lost";
        }
        return counts + "LOST " + lost + (bulksUnanswered > 0 ? ", " + bulksUnanswered + " bulks unanswered" : "")
            + (problem == null ? "" : ": " + problem);
    }

    static CellOutcome counted(CellProgress progress, long invalidSent, long indexCount) {
        BulkMatrix.Cell cell = progress.cell();
        long sent = progress.itemsSent();
        long failed = progress.itemsFailed();
        return new CellOutcome(cell.name(), cell.size(), cell.concurrency(), cell.bulks(), sent, invalidSent, failed,
            progress.bulksUnanswered(), indexCount, sent - failed - indexCount, null);
    }

    static CellOutcome failed(CellProgress progress, long invalidSent, String problem) {
        BulkMatrix.Cell cell = progress.cell();
        return new CellOutcome(cell.name(), cell.size(), cell.concurrency(), cell.bulks(), progress.itemsSent(), invalidSent,
            progress.itemsFailed(), progress.bulksUnanswered(), -1, -1, problem);
    }
}
