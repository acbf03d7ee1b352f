package mailbench.facade.opensearch;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The thread factory handed to the OpenSearch client's HTTP client, so that the facade knows its
 * I/O threads for certain rather than guessing them by name. Both HTTP clients start their I/O
 * threads asynchronously, after {@code start()} has returned (HttpClient5 from its main executor,
 * httpasyncclient 4 from its reactor thread), and one factory makes both kinds, in an order that
 * differs between them (HttpClient5 makes its I/O threads when the client is built, before the main
 * one): a thread is told by the task it runs. The names given are the ones each library gives by
 * default, which the profiler's thread filter and the run reports rely on.
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

    /** The I/O reactor workers' tasks: httpcore5's {@code IOReactorWorker}, httpcore-nio 4's {@code AbstractMultiworkerIOReactor$Worker}. */
    static boolean isIoWorker(Runnable task) {
        String type = task.getClass().getName();
        return type.equals("org.apache.hc.core5.reactor.IOReactorWorker")
            || type.equals("org.apache.http.impl.nio.reactor.AbstractMultiworkerIOReactor$Worker");
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = new Thread(task, isIoWorker(task) ? ioPrefix + made.incrementAndGet() : mainName);
        thread.setDaemon(daemon);
        threads.add(thread);
        return thread;
    }

    /** Every thread made so far; one may not have been started yet. */
    List<Thread> threads() {
        return threads;
    }
}
