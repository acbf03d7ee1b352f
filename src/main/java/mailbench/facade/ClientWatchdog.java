package mailbench.facade;

import java.util.List;
import java.util.Set;

/**
 * Watches the OpenSearch client's I/O threads. An Error on one of them (an OutOfMemoryError while
 * it parses an answer, a StackOverflowError as in HTTPCLIENT-2398) ends the thread without a word,
 * and every call it held, or is later given, waits forever. A dead thread is seen here at once: the
 * facade then answers 503 instead of hanging, and the {@code facade} command exits so that a
 * supervisor starts a sound one.
 */
public final class ClientWatchdog {

    private final List<Thread> ioThreads;
    private volatile String problem;

    private ClientWatchdog(List<Thread> ioThreads) {
        this.ioThreads = ioThreads;
    }

    /** The threads named {@code prefix...} that were not running before the client was built ({@code before}). */
    public static ClientWatchdog of(String prefix, Set<Thread> before) {
        List<Thread> started = Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().startsWith(prefix) && !before.contains(t))
            .toList();
        return new ClientWatchdog(started);
    }

    public static Set<Thread> liveThreads() {
        return Set.copyOf(Thread.getAllStackTraces().keySet());
    }

    /** How many I/O threads are watched (0: the client started none that could be found, nothing is watched). */
    public int watched() {
        return ioThreads.size();
    }

    /** Null while every I/O thread of the client runs; else what died. Once dead, always dead: a client is not revived. */
    public String problem() {
        if (problem == null) {
            for (Thread thread : ioThreads) {
                if (!thread.isAlive()) {
                    problem = "the OpenSearch client's I/O thread '" + thread.getName() + "' has died (see the facade's log for the"
                        + " error that ended it): calls to OpenSearch can no longer complete; restart the facade";
                    break;
                }
            }
        }
        return problem;
    }
}
