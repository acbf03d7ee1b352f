package mailbench.profiler;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The groups a profile's samples are split into, by thread name. The rules live here and only
 * here (docs/profiling.adoc lists them): the first group whose pattern matches the whole name wins.
 * JVM-internal threads arrive with Linux's 15-character thread names ("C2 CompilerThre").
 */
public enum ThreadGroup {

    /** opensearch-java's I/O reactor: ApacheHttpClient5Transport's dispatchers, or the RestClient's (httpasyncclient 4). */
    CLIENT_EVENT_LOOP("clientEventLoop", "httpclient-dispatch-\\d+|I/O dispatcher \\d+"),
    /** The facade's own HTTP server threads (Vert.x event loops, workers, acceptor). */
    FACADE_SERVER("facadeServer", "vert\\.x-(eventloop-thread|worker-thread|acceptor-thread|internal-blocking)-\\d+"),
    /** Garbage collection, including the VM thread that runs GC pauses at safepoints. */
    GC("gc", "GC Thread#\\d+|G1 .+|VM Thread|Z(Director|Driver|Worker|Stat|Unmapper).*|Shenandoah.*"),
    /** The JIT compilers. */
    JIT("jit", "C[12] CompilerThre.*|Sweeper thread|JVMCI.*"),
    /** Everything else (main, timers, logging, profiler, unnamed native threads). */
    OTHER("other", ".*");

    private final String key;
    private final Pattern names;

    ThreadGroup(String key, String names) {
        this.key = key;
        this.names = Pattern.compile(names);
    }

    /** The name used in summary.json and profile.json. */
    public String key() {
        return key;
    }

    public String pattern() {
        return names.pattern();
    }

    public static ThreadGroup of(String threadName) {
        for (ThreadGroup group : values()) {
            if (group.names.matcher(threadName).matches()) {
                return group;
            }
        }
        return OTHER;
    }

    /**
     * The group of a thread known by its OS name, which Linux cuts to 15 characters ("vert.x-eventloo"): a cut name belongs
     * to the first group some full name of which it begins (the pattern ran out of input before it could fail).
     */
    public static ThreadGroup ofOsName(String osName) {
        for (ThreadGroup group : values()) {
            java.util.regex.Matcher matcher = group.names.matcher(osName);
            if (matcher.matches() || osName.length() == OS_NAME_LENGTH && matcher.hitEnd()) {
                return group;
            }
        }
        return OTHER;
    }

    /** The threads a request's own work runs on: the facade's server threads and the client's I/O threads. */
    public static boolean isRequestPath(ThreadGroup group) {
        return group == CLIENT_EVENT_LOOP || group == FACADE_SERVER;
    }

    /** What Linux keeps of a thread's name (TASK_COMM_LEN 16, its terminating zero included). */
    static final int OS_NAME_LENGTH = 15;

    public static List<ThreadGroup> all() {
        return List.of(values());
    }
}
