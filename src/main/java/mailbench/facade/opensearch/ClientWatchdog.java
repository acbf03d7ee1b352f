package mailbench.facade.opensearch;

/**
 * Watches the OpenSearch client's threads. An Error on one of them (an OutOfMemoryError while it
 * parses an answer, a StackOverflowError as in HTTPCLIENT-2398) ends the thread without a word, and
 * every call it held, or is later given, waits forever. A dead thread is seen here at once: the
 * facade then answers 503 instead of hanging, and the {@code facade} command exits so that a
 * supervisor starts a sound one. The threads come from the client's own thread factory
 * ({@link ClientThreads}), so none is missed however late the client starts it.
 */
public final class ClientWatchdog {

    private final ClientThreads threads;
    private volatile String problem;

    ClientWatchdog(ClientThreads threads) {
        this.threads = threads;
    }

    /** Null while every thread the client made runs (or has yet to start); else what died. Once dead, always dead. */
    public String problem() {
        if (problem == null) {
            for (Thread thread : threads.threads()) {
                if (thread.getState() == Thread.State.TERMINATED) {
                    problem = "the OpenSearch client's I/O thread '" + thread.getName() + "' has died (see the facade's log for the"
                        + " error that ended it): calls to OpenSearch can no longer complete; restart the facade";
                    break;
                }
            }
        }
        return problem;
    }
}
