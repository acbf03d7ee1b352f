package mailbench.nightly;

import java.nio.file.Path;
import java.util.Map;

/**
 * One side of a comparison: the checkout where {@code mvn gatling:test} runs (tonight's, or the pinned baseline commit's
 * clone) and the -D properties of its runs. The facade it starts knows nothing of which side it is.
 */
public record Side(String label, Path projectDir, Map<String, String> properties) {

    public static final String BASE = "base";
    public static final String CURRENT = "current";

    public Side {
        properties = Map.copyOf(properties);
    }

    /** The same side with {@code extra} properties added (the extra win). */
    Side with(Map<String, String> extra) {
        Map<String, String> merged = new java.util.LinkedHashMap<>(properties);
        merged.putAll(extra);
        return new Side(label, projectDir, merged);
    }
}
