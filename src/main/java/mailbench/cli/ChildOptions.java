package mailbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import mailbench.stack.ChildSignals;
import picocli.CommandLine.Option;

/**
 * What a long-running command shares: the options the local stack gives a JVM it starts (where to
 * say "ready", whose exit ends it), and running in the foreground until Ctrl-C or SIGTERM.
 */
final class ChildOptions {

    @Option(names = "--ready-file", description = "Write {\"url\", \"pid\"} here once listening (used by the local stack)")
    Path readyFile;

    @Option(names = "--parent-pid", description = "Stop when this process is gone (used by the local stack)")
    Long parentPid;

    void watchParent() {
        if (parentPid != null) {
            ChildSignals.exitWhenGone(parentPid, 0);
        }
    }

    void announceReady(String url) throws IOException {
        if (readyFile != null) {
            ChildSignals.writeReady(readyFile, url);
        }
    }

    /** Runs {@code onStop} when the JVM is asked to exit; the latch opens after it, for the command to return. */
    static CountDownLatch onShutdown(Runnable onStop, String threadName) {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            onStop.run();
            stopped.countDown();
        }, threadName));
        return stopped;
    }
}
