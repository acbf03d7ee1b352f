package mailbench.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The two signals between a JVM mailbench starts and its parent: "I am ready at this URL" (a
 * file written atomically) and "my parent is gone, so I stop" (no orphan survives a killed run).
 * JDK only: it also runs in the OpenSearch node's JVM, whose classpath is OpenSearch's own.
 */
public final class ChildSignals {

    private ChildSignals() {
    }

    public static void writeReady(Path readyFile, String url) throws IOException {
        Path tmp = readyFile.resolveSibling(readyFile.getFileName() + ".tmp");
        Files.writeString(tmp, "{\"url\":\"" + url + "\",\"pid\":" + ProcessHandle.current().pid() + "}\n");
        Files.move(tmp, readyFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Exits this JVM (running its shutdown hooks) with {@code exitCode} once process {@code parentPid} has ended. */
    public static void exitWhenGone(long parentPid, int exitCode) {
        ProcessHandle.of(parentPid).ifPresentOrElse(
            parent -> parent.onExit().thenRun(() -> {
                System.err.println("parent process " + parentPid + " is gone: stopping");
                System.exit(exitCode);
            }),
            () -> System.exit(exitCode));
    }
}
