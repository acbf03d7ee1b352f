package mailbench.facade;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/** The facade JVM's heap allocation and GC pauses since it started, as {@code /_mailbench/stats} reports them. */
final class JvmMemory {

    private JvmMemory() {
    }

    /** {@code allocatedBytes} (null when the JVM cannot count it), {@code gcCount}, {@code gcMillis}: counters, never reset. */
    static Map<String, Object> counters() {
        Map<String, Object> counters = new LinkedHashMap<>();
        counters.put("allocatedBytes", allocatedBytes());
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (pauses(collector.getName())) {
                count += Math.max(0, collector.getCollectionCount());
                millis += Math.max(0, collector.getCollectionTime());
            }
        }
        counters.put("gcCount", count);
        counters.put("gcMillis", millis);
        return counters;
    }

    /**
     * Bytes allocated on the heap by every thread since the JVM started, the ended ones included (the per-thread
     * counters' sum, kept by the JVM); null when the JVM does not have it (builds of JDK 17 older than the backport of
     * JDK-8304074 throw UnsupportedOperationException) or its per-thread counting is switched off.
     */
    static Long allocatedBytes() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
            || !threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
            return null;
        }
        try {
            long total = threads.getTotalThreadAllocatedBytes();
            return total < 0 ? null : total;
        } catch (UnsupportedOperationException e) {
            return null;
        }
    }

    /**
     * Whether a collector bean counts stop-the-world pauses. The concurrent ones ("G1 Concurrent GC" from JDK 21 on,
     * "ZGC Cycles", "Shenandoah Cycles") count whole cycles that run beside the application: adding them would count
     * the same work twice and call it pauses.
     */
    static boolean pauses(String collector) {
        return !collector.contains("Concurrent") && !collector.endsWith("Cycles");
    }
}
