package mailbench.corpus;

/** Rows written to each feeder file, and how many messages the pass over the corpus saw. */
public record FeederSummary(long corpusMessages, int mailboxes, int messages, int searchText,
                            int searchFrom, int dateRange) {
}
