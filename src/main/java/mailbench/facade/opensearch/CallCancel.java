package mailbench.facade.opensearch;

import java.util.ArrayList;
import java.util.List;

/**
 * Stops one facade request's OpenSearch calls once nobody waits for them (the client closed its connection, the call
 * deadline passed): the HTTP exchange is aborted, its pooled connection freed, and the future fails with a
 * cancellation, so whatever the request held is given back now rather than when OpenSearch would have answered.
 * Each call registers how it is stopped while it starts ({@link MailStore}); a transport whose future cannot stop its
 * exchange registers it from inside the client ({@link ExchangeCancels}).
 */
public final class CallCancel {

    private static final ThreadLocal<CallCancel> STARTING = new ThreadLocal<>();

    private final List<Runnable> stops = new ArrayList<>(2);
    private boolean cancelled;

    /** Stops every call registered so far, and any registered later at once. */
    public void cancel() {
        List<Runnable> now;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            now = List.copyOf(stops);
            stops.clear();
        }
        now.forEach(Runnable::run);
    }

    /**
     * The calls have ended: nothing is left to stop. Drops the stops, which reach the calls' futures and so their answers:
     * a connection whose client never reads its answer keeps its cancel (in its close handler) until it closes, and must
     * not keep a whole message with it.
     */
    public synchronized void ended() {
        stops.clear();
    }

    public synchronized boolean cancelled() {
        return cancelled;
    }

    void onCancel(Runnable stop) {
        synchronized (this) {
            if (!cancelled) {
                stops.add(stop);
                return;
            }
        }
        stop.run();
    }

    /** The cancel of the call being started on this thread, if any: the client's exchange registers with it. */
    static CallCancel starting() {
        return STARTING.get();
    }

    /** Runs {@code start} with this cancel as the one {@link #starting}. */
    <T> T whileStarting(StartingCall<T> start) throws java.io.IOException {
        CallCancel outer = STARTING.get();
        STARTING.set(this);
        try {
            return start.start();
        } finally {
            if (outer == null) {
                STARTING.remove();
            } else {
                STARTING.set(outer);
            }
        }
    }

    @FunctionalInterface
    interface StartingCall<T> {
        T start() throws java.io.IOException;
    }
}
