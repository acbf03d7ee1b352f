package mailbench.stack;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/** File helpers the JDK lacks. */
public final class Files2 {

    private Files2() {
    }

    /**
     * Moves a folder to {@code to} (which must not exist): a rename where it can, else a copy and a delete,
     * because a rename fails across file systems (a container's bind mount, reports on another disk).
     */
    public static void moveTree(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            try (Stream<Path> paths = Files.walk(from)) {
                // parents come before their children, so each copied folder exists for its files
                for (Path path : paths.toList()) {
                    Files.copy(path, to.resolve(from.relativize(path).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
            deleteRecursively(from);
        }
    }

    /** Deletes a folder and what it holds, best effort: what cannot be deleted is said on stderr. */
    public static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not delete " + root + ": " + e.getMessage());
        }
    }

    static void copyLogs(Path from, Path to) {
        try (Stream<Path> files = Files.list(from)) {
            Files.createDirectories(to);
            for (Path log : files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) {
                Files.copy(log, to.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            System.err.println("could not copy the logs of " + from + ": " + e.getMessage());
        }
    }
}
