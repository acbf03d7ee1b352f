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

    /**
     * Exits this JVM (running its shutdown hooks) with {@code exitCode} once process {@code parentPid} has ended.
     * Polls /proc/PID with a stat, which needs no file descriptor: ProcessHandle.onExit opens /proc/PID/stat,
     * and a JVM out of descriptors (an overloaded facade was) would read that failure as its parent's death.
     */
    public static void exitWhenGone(long parentPid, int exitCode) {
        Path proc = Path.of("/proc", Long.toString(parentPid));
        boolean procFs = Files.isDirectory(Path.of("/proc", Long.toString(ProcessHandle.current().pid())));
        Thread watch = new Thread(() -> {
            while (procFs ? Files.isDirectory(proc) : ProcessHandle.of(parentPid).map(ProcessHandle::isAlive).orElse(false)) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("parent process " + parentPid + " is gone: stopping");
            System.exit(exitCode);
        }, "parent-watch");
        watch.setDaemon(true);
        watch.start();
    }
}
