package mailbench.meters;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.facadeclient.FacadeAccess;
import mailbench.facadeclient.FacadeStats;
import mailbench.runfolder.FacadeSection;

/**
 * What a run reads beside Gatling while the load runs: the machine's and the threads' CPU, the facade's refusals
 * (its own bounds' 503s) and, when the facade is in the request path of a simulation with a measured phase, its memory.
 */
public final class LoadMeters {

    /** The facade's process among the run's followed processes (LocalStack.pids names it so). */
    public static final String FACADE_PROCESS = "facade";

    private final URI facadeUrl;
    private final FacadeAccess facadeAccess;
    private final HostCpu hostCpu;
    private final ThreadCpu threadCpu;
    private final RunQueueWaits waits;
    private final FacadeStats.Refusals refusalsAtStart;
    private final FacadeMemoryWindow facadeMemory;

    private LoadMeters(URI facadeUrl, FacadeAccess facadeAccess, Map<String, Long> pids, boolean facadeMemory, long warmupMillis) {
        this.facadeUrl = facadeUrl;
        this.facadeAccess = facadeAccess;
        this.hostCpu = HostCpu.start(pids);
        this.threadCpu = ThreadCpu.start(pids);
        this.waits = RunQueueWaits.start(pids.get(FACADE_PROCESS));
        this.refusalsAtStart = FacadeStats.refusalsOrNull(facadeUrl, facadeAccess);
        this.facadeMemory = facadeMemory
            ? FacadeMemoryWindow.start(() -> FacadeStats.memoryOrNull(facadeUrl, facadeAccess), warmupMillis) : null;
    }

    /** Starts reading as the load starts; the facade's memory from the end of the warm-up ({@code warmupMillis}). */
    public static LoadMeters start(URI facadeUrl, FacadeAccess facadeAccess, Map<String, Long> pids, boolean facadeMemory, long warmupMillis) {
        return new LoadMeters(facadeUrl, facadeAccess, pids, facadeMemory, warmupMillis);
    }

    /** The facade's second memory reading: first thing once the load has ended, so nothing of the run's own ending is counted. */
    public void stopFacadeMemory() {
        if (facadeMemory != null) {
            facadeMemory.stop();
        }
    }

    /** Stops the CPU readings; the threads' cost of reading them goes to the run's timeline. */
    public void stopCpu(Consumer<String> events) {
        hostCpu.close();
        threadCpu.close();
        waits.close();
        events.accept(threadCpu.cost());
    }

    public HostCpu hostCpu() {
        return hostCpu;
    }

    public ThreadCpu threadCpu() {
        return threadCpu;
    }

    public RunQueueWaits waits() {
        return waits;
    }

    /**
     * The facade's allocation and GC pauses in the measured phase, said on the console; null for a run without a single
     * measured phase or on the direct path.
     */
    public FacadeSection facadeSection(long requests, Consumer<String> say) {
        if (facadeMemory == null) {
            return null;
        }
        FacadeSection section = facadeMemory.section(requests);
        say.accept("facade: " + (section.allocatedBytesPerRequest() == null ? "allocation not measured: " + section.note()
            : section.allocatedBytesPerRequest() + " bytes allocated per request, " + section.gcCount() + " GC pauses, "
            + section.gcMillis() + " ms"));
        return section;
    }

    /** What the facade's own bounds refused during the load, per bound, said on the console; null when it does not tell. */
    public Map<String, Long> facadeRefused(Consumer<String> say) {
        FacadeStats.Refusals end = refusalsAtStart == null ? null : FacadeStats.refusalsOrNull(facadeUrl, facadeAccess);
        if (end == null) {
            return null;
        }
        FacadeStats.Refusals refused = end.minus(refusalsAtStart);
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("inFlight", refused.inFlight());
        counts.put("eventLoopLag", refused.eventLoopLag());
        say.accept("  facade refused (503, warm-up included): " + refused.inFlight() + " past --max-in-flight, " + refused.eventLoopLag()
            + " past --max-event-loop-lag-ms");
        return counts;
    }
}
