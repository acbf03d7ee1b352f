package mailbench.settings;

import static mailbench.settings.KnobReaders.knob;

import java.util.Map;

import mailbench.knobs.Knobs;

/** What a run must hold to pass: each request's 99th percentile and its share of successes, Gatling's assertions. */
public record PassCriteria(double p99Ms, double successPercent) {

    static PassCriteria read(Map<String, String> defaults) {
        return new PassCriteria(knob(defaults, Knobs.P99).doubleValue(0.001, 3_600_000), Knobs.SUCCESS.doubleValue(0, 100));
    }
}
