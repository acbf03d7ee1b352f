package mailbench.run;

import mailbench.facadeclient.FacadeStats;

/**
 * summary.json's {@code facade}: what the facade's JVM spent on memory in the measured phase, from its counters read
 * as the phase started and after the load ended. {@code allocatedBytesPerRequest} = heap bytes its threads allocated /
 * the measured requests; {@code gcCount} and {@code gcMillis} are its GC pauses. Every number is null when not measured,
 * and {@code note} says why.
 */
public record FacadeSection(Double allocatedBytesPerRequest, Long allocatedBytes, Long requests, Long gcCount, Long gcMillis,
                            String note) {

    /** Nothing measured, and why. */
    public static FacadeSection none(String note) {
        return new FacadeSection(null, null, null, null, null, note);
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
