package mailbench.facade.opensearch;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Map;

/**
 * Client patches: stand-ins for single classes of opensearch-java, built by {@code mvn compile} into
 * {@code target/client-patches/<name>} (sources in {@code src/client-patches/<name>}), that measure a change proposed
 * upstream as a variant before the client has it. A patch works only ahead of the client on the facade's classpath, which
 * the local stack arranges for a variant that asks for one ({@code --client-patch}); the facade checks that the class it
 * loaded is the patch's, and reports which patch is in effect, from where the class came, not from what was asked.
 */
public final class ClientPatches {

    /** The facade option that names a patch; the local stack reads it to build the facade's classpath. */
    public static final String OPTION = "--client-patch";
    public static final String NONE = "none";

    /** Each patch and the client class it stands in for. */
    static final Map<String, String> PATCHED_CLASS = Map.of(
        "request-buffer-sized", "org.opensearch.client.transport.httpclient5.internal.HttpUriRequestProducer");

    private static final String FOLDER = "client-patches";

    private ClientPatches() {
    }

    public static List<String> names() {
        return PATCHED_CLASS.keySet().stream().sorted().toList();
    }

    /**
     * The folder of a patch's classes, beside mailbench's own (target/classes or target/mailbench.jar); refuses an unknown
     * name and a patch not built, with the fix.
     */
    public static Path folder(String name) {
        requireKnown(name);
        Path folder = mailbenchLocation().getParent().resolve(FOLDER).resolve(name);
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("client patch '" + name + "' is not built (" + folder + " is missing): run mvn compile,"
                + " which builds target/" + FOLDER + "/" + name + " from src/" + FOLDER + "/" + name);
        }
        return folder;
    }

    /** The patch this JVM runs with: the one whose class was loaded from its folder, or {@link #NONE}. */
    public static String inEffect() {
        for (Map.Entry<String, String> patch : PATCHED_CLASS.entrySet()) {
            Path loadedFrom = location(patch.getValue());
            if (loadedFrom != null && loadedFrom.endsWith(Path.of(FOLDER, patch.getKey()))) {
                return patch.getKey();
            }
        }
        return NONE;
    }

    /** Refuses to run with a patch asked for but not in effect: the measurement would be of the stock client. */
    public static void requireInEffect(String name) {
        requireKnown(name);
        String inEffect = inEffect();
        if (!name.equals(inEffect)) {
            throw new IllegalArgumentException(OPTION + " " + name + ": the client's " + PATCHED_CLASS.get(name) + " was loaded from "
                + location(PATCHED_CLASS.get(name)) + ", not from the patch: put target/" + FOLDER + "/" + name + " first on the"
                + " classpath (the local stack does, for -Dmailbench.variant=" + name + ")");
        }
    }

    private static void requireKnown(String name) {
        if (!PATCHED_CLASS.containsKey(name)) {
            throw new IllegalArgumentException(OPTION + ": no client patch '" + name + "'; known: " + String.join(", ", names()));
        }
    }

    private static Path mailbenchLocation() {
        return location(ClientPatches.class.getName());
    }

    /** Where a class was loaded from (a jar or a classes folder), or null when it is not on the classpath. */
    private static Path location(String className) {
        try {
            CodeSource source = Class.forName(className, false, ClientPatches.class.getClassLoader()).getProtectionDomain().getCodeSource();
            return source == null ? null : Path.of(source.getLocation().toURI());
        } catch (ClassNotFoundException e) {
            return null;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
