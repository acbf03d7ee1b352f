package mailbench.run;

import java.util.Map;

import mailbench.knobs.Knobs;

/**
 * What a simulation needs from a local stack: the corpus loaded, the feeders' searches replayed on it before the
 * load (a warm search path), a profiler on the facade; and its own defaults for some knobs (knob name -> value).
 */
public record SimulationNeeds(boolean corpus, boolean profiler, boolean searchWarmUp, Map<String, String> knobDefaults) {
    /** SearchSimulation: the corpus its feeders hit, and a profile of its measured phase. */
    public static final SimulationNeeds SEARCH = new SimulationNeeds(true, true);
    /** IndexSimulation: an empty index (the facade creates it), and a profile of its measured phase. */
    public static final SimulationNeeds INDEXING = new SimulationNeeds(false, true);
    /** BulkIndexSimulation: an empty index; its cells have no single measured phase to profile. */
    public static final SimulationNeeds BULK_MATRIX = new SimulationNeeds(false, false);
    /**
     * LargeSourceSimulation: a small corpus of multi-MB messages in one mailbox, no feeder replay (its searches would
     * fetch whole messages by the dozen), a profile, and defaults sized for a run of a few minutes on 2 cores.
     */
    public static final SimulationNeeds LARGE_SOURCE = new SimulationNeeds(true, true, false, Map.of(
        Knobs.MESSAGES.name(), "60", Knobs.USERS.name(), "1", Knobs.ATTACHMENT_TEXT.name(), "" + (5 * 1024 * 1024),
        Knobs.WARMUP.name(), "30", Knobs.DURATION.name(), "60", Knobs.P99.name(), "10000"));

    public SimulationNeeds {
        knobDefaults = Map.copyOf(knobDefaults);
    }

    /** The knobs' own defaults; the feeders' searches warm the stack whenever a corpus is loaded. */
    public SimulationNeeds(boolean corpus, boolean profiler) {
        this(corpus, profiler, corpus, Map.of());
    }
}
