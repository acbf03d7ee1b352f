package mailbench.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where mailbench's own classes and runtime libraries are, for the JVMs it starts.
 *
 * <p>From {@code target/mailbench.jar} that is the jar (its manifest lists lib/). From the
 * build tree ({@code mvn gatling:test}, tests) it is {@code target/classes} plus the runtime
 * classpath Maven wrote to {@code target/runtime-classpath.txt}: not our own JVM's classpath,
 * which also holds Gatling and test libraries (and is a temporary manifest jar under Maven).
 */
public final class AppClasspath {

    static final String RUNTIME_CLASSPATH_FILE = "runtime-classpath.txt";

    private AppClasspath() {
    }

    /** The location of mailbench's own classes: {@code target/classes} or {@code mailbench.jar}. */
    public static Path codeLocation() {
        try {
            return Path.of(AppClasspath.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate mailbench's classes", e);
        }
    }

    /** The classpath to run the facade and the CLI. */
    public static List<Path> runtime() {
        Path code = codeLocation();
        if (!Files.isDirectory(code)) {
            return List.of(code);
        }
        Path listing = code.resolveSibling(RUNTIME_CLASSPATH_FILE);
        if (!Files.exists(listing)) {
            throw new IllegalStateException(listing + " is missing: build with Maven first (mvn compile writes it)");
        }
        List<Path> classpath = new ArrayList<>();
        classpath.add(code);
        try {
            for (String entry : Files.readString(listing).strip().split(java.io.File.pathSeparator)) {
                if (!entry.isBlank()) {
                    classpath.add(Path.of(entry));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return classpath;
    }
}
