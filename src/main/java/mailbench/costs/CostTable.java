package mailbench.costs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mailbench.profiler.CollapsedStacks;

/**
 * What one request costs the facade's JVM, site by site ({@link CostSite}): CPU in microseconds and heap in bytes per
 * request. The profile gives each site's share of the samples; the OS count of the process's CPU time and the JVM's own
 * count of allocated bytes give the totals, so a site's figure is its share of a measured total, not a sample count
 * times the interval (itimer samples miss part of the CPU time, and an allocation sample stands for about its interval
 * of bytes).
 */
public record CostTable(double cpuMicrosPerRequest, double bytesPerRequest, long cpuSamples, long allocationSampledBytes,
                        List<PartTotal> parts, List<Row> byCpu, List<Row> byBytes) {

    /** One site: its CPU and its allocation per request, and their shares of the whole. */
    public record Row(String site, CostPart part, long cpuSamples, double cpuMicros, double cpuPercent, double bytes, double bytesPercent) {
    }

    /** One part's sum over all its sites. */
    public record PartTotal(CostPart part, double cpuMicros, double cpuPercent, double bytes, double bytesPercent) {
    }

    /**
     * The table of {@code cpu} (samples) and {@code allocation} (bytes) stacks, scaled to the measured per-request totals;
     * {@code top} rows in each ranking.
     */
    public static CostTable of(CollapsedStacks cpu, CollapsedStacks allocation, double cpuMicrosPerRequest, double bytesPerRequest, int top) {
        Map<CostSite, long[]> sites = new LinkedHashMap<>();
        for (CollapsedStacks.Stack stack : cpu.stacks()) {
            sites.computeIfAbsent(CostSite.of(stack), s -> new long[2])[0] += stack.samples();
        }
        for (CollapsedStacks.Stack stack : allocation.stacks()) {
            sites.computeIfAbsent(CostSite.of(stack), s -> new long[2])[1] += stack.samples();
        }
        long cpuSamples = cpu.samples();
        long sampledBytes = allocation.samples();
        List<Row> rows = new ArrayList<>(sites.size());
        Map<CostPart, double[]> parts = new EnumMap<>(CostPart.class);
        for (Map.Entry<CostSite, long[]> site : sites.entrySet()) {
            double cpuShare = share(site.getValue()[0], cpuSamples);
            double bytesShare = share(site.getValue()[1], sampledBytes);
            rows.add(new Row(site.getKey().frame(), site.getKey().part(), site.getValue()[0], cpuShare * cpuMicrosPerRequest,
                100 * cpuShare, bytesShare * bytesPerRequest, 100 * bytesShare));
            double[] part = parts.computeIfAbsent(site.getKey().part(), p -> new double[2]);
            part[0] += cpuShare;
            part[1] += bytesShare;
        }
        List<PartTotal> totals = new ArrayList<>();
        parts.forEach((part, shares) -> totals.add(new PartTotal(part, shares[0] * cpuMicrosPerRequest, 100 * shares[0],
            shares[1] * bytesPerRequest, 100 * shares[1])));
        return new CostTable(cpuMicrosPerRequest, bytesPerRequest, cpuSamples, sampledBytes, List.copyOf(totals),
            top(rows, Comparator.comparingDouble(Row::cpuMicros), top), top(rows, Comparator.comparingDouble(Row::bytes), top));
    }

    private static double share(long part, long all) {
        return all == 0 ? 0 : (double) part / all;
    }

    private static List<Row> top(List<Row> rows, Comparator<Row> by, int limit) {
        return rows.stream().sorted(by.reversed().thenComparing(Row::site)).limit(limit).toList();
    }
}
