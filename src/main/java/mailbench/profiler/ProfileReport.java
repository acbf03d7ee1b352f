package mailbench.profiler;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * profile.json: the numbers of one capture, computed from its collapsed stacks. The run adds
 * {@code cpuMsPerRequest} when it knows how many requests were served in the capture window.
 * {@code targetCpuMs} is the CPU time the OS counted for the profiled JVM during the capture
 * (null where the OS does not tell), {@code sampledCpuPercent} how much of it the samples cover.
 * {@code allocBytes} is the allocation sampling interval (0: allocations were not sampled, no allocation flame graph).
 */
public record ProfileReport(
    String event,
    int intervalMs,
    long allocBytes,
    long pid,
    Instant startedAt,
    Instant stoppedAt,
    Long targetCpuMs,
    Double sampledCpuPercent,
    long samples,
    Map<String, GroupShare> threadGroups,
    Map<String, TopFrames.Ranking> topFrames,
    Map<String, CostOwners.Split> owners,
    List<String> files) {

    /** Samples of one thread group and their share of all samples, in percent. */
    public record GroupShare(long samples, double percent, String threads) {
    }

    /** How many frames each top list holds. */
    public static final int TOP = 20;

    public static ProfileReport of(CaptureSettings settings, long pid, Instant startedAt, Instant stoppedAt, Long targetCpuMs,
                                   CollapsedStacks stacks, List<String> files) {
        return of(settings, pid, startedAt, stoppedAt, targetCpuMs, stacks, null, files);
    }

    /** With {@code allocation}, the same window's allocation samples weighed in bytes (null when none were taken). */
    public static ProfileReport of(CaptureSettings settings, long pid, Instant startedAt, Instant stoppedAt, Long targetCpuMs,
                                   CollapsedStacks stacks, CollapsedStacks allocation, List<String> files) {
        long samples = stacks.samples();
        // how much of the CPU time the OS counted for the JVM the samples account for: itimer's cap shows here
        Double sampled = targetCpuMs == null || targetCpuMs == 0 || !settings.measuresCpu() ? null
            : Shares.percent(samples * settings.intervalMs(), targetCpuMs);
        Map<String, GroupShare> groups = new LinkedHashMap<>();
        for (ThreadGroup group : ThreadGroup.all()) {
            long groupSamples = stacks.inGroup(group).samples();
            groups.put(group.key(), new GroupShare(groupSamples, Shares.percent(groupSamples, samples), group.pattern()));
        }
        Map<String, TopFrames.Ranking> top = new LinkedHashMap<>();
        top.put("wholeJvm", TopFrames.of(stacks, TOP));
        top.put("clientEventLoop", TopFrames.of(stacks.inGroup(ThreadGroup.CLIENT_EVENT_LOOP), TOP));
        // whose cost each sample is (CostOwners): the client's, the facade's own, or neither
        Map<String, CostOwners.Split> owners = new LinkedHashMap<>();
        owners.put(settings.measuresCpu() ? "cpu" : settings.event(), CostOwners.of(stacks));
        if (allocation != null) {
            owners.put("allocation", CostOwners.of(allocation));
        }
        return new ProfileReport(settings.event(), settings.intervalMs(), settings.allocBytes(), pid, startedAt, stoppedAt, targetCpuMs, sampled, samples,
            groups, top, owners, files);
    }
}
