package mailbench.indexing;

import java.net.URI;

/**
 * The one index the bulk matrix deletes and recreates before every cell: named by a knob, the
 * same one the facade serves (else the bulks would land in one index and the counts come from
 * another), and on a target only with an explicit confirmation, since it destroys that index.
 */
public final class BulkMatrixIndex {

    private BulkMatrixIndex() {
    }

    /**
     * The index to recreate and count. {@code target}: the facade driven, null for the local stack; {@code facadeIndex}: the
     * index the facade says it serves (its /health), null when it does not say or on the direct path.
     */
    public static String resolve(String index, boolean deleteOnTarget, URI target, String facadeIndex, String indexKnob,
                                 String confirmKnob) {
        if (!index.matches("[a-z0-9][a-z0-9._-]{0,200}")) {
            throw new IllegalArgumentException("-D" + indexKnob + " must be a lowercase OpenSearch index name (a-z, 0-9, '.', '_', '-'),"
                + " got '" + index + "'");
        }
        if (target != null && !deleteOnTarget) {
            throw new IllegalArgumentException("BulkIndexSimulation deletes and recreates the index '" + index + "' before every cell,"
                + " on the OpenSearch behind " + target + ": confirm with -D" + confirmKnob + "=true (and name the index with -D"
                + indexKnob + ")");
        }
        if (facadeIndex != null && !facadeIndex.isEmpty() && !facadeIndex.equals(index)) {
            throw new IllegalArgumentException("the facade serves the index '" + facadeIndex + "' but -D" + indexKnob + " is '" + index
                + "': the bulks would go to one and the counts come from the other; give -D" + indexKnob + "=" + facadeIndex);
        }
        return index;
    }
}
