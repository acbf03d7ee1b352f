package mailbench.runfolder;

import java.util.Map;

import mailbench.facadeclient.FacadeStats;
import mailbench.profiler.ThreadGroup;

/**
 * summary.json's {@code facade}: what the facade's JVM spent on memory in the measured phase, from its counters read
 * as the phase started and after the load ended. {@code allocatedBytesPerRequest} = heap bytes its threads allocated /
 * the measured requests; {@code gcCount} and {@code gcMillis} are its GC pauses. {@code threadCpuMs}: the CPU the OS
 * counted for its threads in the measured window, by thread group (mailbench.profiler.ThreadGroup: the client's event
 * loop, the facade's server threads, GC, JIT, other), and {@code requestPathCpuMsPerRequest} the first two over the
 * measured requests: the request's own path without the JIT, GC and timers that the process's count mixes in;
 * {@code requestPathWaitShare} the share of the request path's runnable time it spent waiting for a core
 * (the kernel's schedstat, read by the run): how much of the run measured a queue rather than the code. Every
 * number is null when not measured, and {@code note} says why.
 */
public record FacadeSection(Double allocatedBytesPerRequest, Long allocatedBytes, Long requests, Long gcCount, Long gcMillis,
                            String note, Map<String, Long> threadCpuMs, Double requestPathCpuMsPerRequest, Double requestPathWaitShare) {

    public FacadeSection(Double allocatedBytesPerRequest, Long allocatedBytes, Long requests, Long gcCount, Long gcMillis, String note) {
        this(allocatedBytesPerRequest, allocatedBytes, requests, gcCount, gcMillis, note, null, null, null);
    }

    /** Nothing measured, and why. */
    public static FacadeSection none(String note) {
        return new FacadeSection(null, null, null, null, null, note);
    }

    /** The same section with the facade's CPU by thread group over {@code requests} measured requests (null: not read). */
    public FacadeSection withThreadCpu(Map<String, Long> byGroup, long requests) {
        if (byGroup == null || byGroup.isEmpty()) {
            return this;
        }
        long path = byGroup.getOrDefault(ThreadGroup.CLIENT_EVENT_LOOP.key(), 0L) + byGroup.getOrDefault(ThreadGroup.FACADE_SERVER.key(), 0L);
        Double perRequest = requests <= 0 ? null : Math.round(path * 10_000.0 / requests) / 10_000.0;
        return new FacadeSection(allocatedBytesPerRequest, allocatedBytes, this.requests, gcCount, gcMillis, note, Map.copyOf(byGroup),
            perRequest, requestPathWaitShare);
    }

    /** The same section with the share of its runnable time the request path waited for a core (null: not read). */
    public FacadeSection withRequestPathWaitShare(Double share) {
        return new FacadeSection(allocatedBytesPerRequest, allocatedBytes, requests, gcCount, gcMillis, note, threadCpuMs,
            requestPathCpuMsPerRequest, share);
    }

    /** From the readings at the measured phase's start and end and the measured requests between them. */
    public static FacadeSection of(FacadeStats.Memory start, FacadeStats.Memory end, long requests) {
        FacadeStats.Memory spent = end.minus(start);
        if (spent.gcCount() < 0 || (spent.allocatedBytes() != null && spent.allocatedBytes() < 0)) {
            return none("the facade's counters went back between the readings: was it restarted during the run?");
        }
        Long allocated = spent.allocatedBytes();
        String note = null;
        Double perRequest = null;
        if (allocated == null) {
            note = "the facade's JVM does not count allocated bytes (ThreadMXBean.getTotalThreadAllocatedBytes unsupported or switched off)";
        } else if (requests <= 0) {
            note = "no measured requests";
        } else {
            perRequest = Math.round(allocated * 10.0 / requests) / 10.0;
        }
        return new FacadeSection(perRequest, allocated, requests, spent.gcCount(), spent.gcMillis(), note);
    }
}
