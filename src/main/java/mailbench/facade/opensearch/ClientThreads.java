package mailbench.facade.opensearch;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The thread factory handed to the OpenSearch client's HTTP client, so that the facade knows its
 * I/O threads for certain rather than guessing them by name. Both HTTP clients start their I/O
 * threads asynchronously, after {@code start()} has returned (HttpClient5 from its main executor,
 * httpasyncclient 4 from its reactor thread), and the same factory makes the main thread first
 * and then every I/O thread: the names given here are the ones each library gives by default, which
 * the profiler's thread filter and the run reports rely on.
 */
final class ClientThreads implements ThreadFactory {

    private final String mainName;
    private final String ioPrefix;
    private final boolean daemon;
    private final AtomicInteger made = new AtomicInteger();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    private ClientThreads(String mainName, String ioPrefix, boolean daemon) {
        this.mainName = mainName;
        this.ioPrefix = ioPrefix;
        this.daemon = daemon;
    }

    /** HttpClient5: {@code httpclient-main}, then {@code httpclient-dispatch-1..N}, daemons. */
    static ClientThreads httpClient5() {
        return new ClientThreads("httpclient-main", "httpclient-dispatch-", true);
    }

    /** httpasyncclient 4 (RestClient): the reactor thread, then {@code I/O dispatcher 1..N}, not daemons. */
    static ClientThreads restClient() {
        return new ClientThreads("I/O reactor", "I/O dispatcher ", false);
    }

    @Override
    public Thread newThread(Runnable task) {
        int n = made.getAndIncrement();
        Thread thread = new Thread(task, n == 0 ? mainName : ioPrefix + n);
        thread.setDaemon(daemon);
        threads.add(thread);
        return thread;
    }

    /** Every thread made so far, the main one first; one may not have been started yet. */
    List<Thread> threads() {
        return threads;
    }
}
