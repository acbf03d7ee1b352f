package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import mailbench.knobs.Knob;

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

    /**
     * Whether this side's checkout reads {@code knob}: its main sources name it (a baseline commit older than the knob
     * would ignore it, and a setting only one side follows is no longer the same run on both).
     */
    boolean knows(Knob knob) {
        String quoted = "\"" + knob.name() + "\"";
        try (Stream<Path> files = Files.walk(projectDir.resolve("src").resolve("main").resolve("java"))) {
            return files.filter(file -> file.toString().endsWith(".java")).anyMatch(file -> holds(file, quoted));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean holds(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (IOException e) {
            return false;
        }
    }
}
