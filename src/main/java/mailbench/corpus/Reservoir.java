package mailbench.corpus;

import java.util.Arrays;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;

/** A uniform sample of fixed size from a stream of unknown length (Vitter's Algorithm R). */
final class Reservoir {

    private final String[][] rows;
    private int filled;
    private long offered;

    Reservoir(int capacity) {
        rows = new String[capacity][];
    }

    /**
     * Offers the next stream element: the slot its row goes into, or -1 to skip it. Rows are
     * built only for kept elements, so costly rows (search terms) stay cheap overall.
     */
    int offer(UniformRandomProvider rng) {
        offered++;
        if (filled < rows.length) {
            return filled++;
        }
        long slot = rng.nextLong(offered);
        return slot < rows.length ? (int) slot : -1;
    }

    void put(int slot, String... row) {
        rows[slot] = row;
    }

    List<String[]> rows() {
        return Arrays.asList(rows).subList(0, filled);
    }
}
