package mailbench.injectors;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mailbench.runfolder.RunSummary;

/**
 * The run's health gate (-Dmailbench.assert.p99Ms, -Dmailbench.assert.successPercent) applied to the merged run: each
 * injector's Gatling judged only its own share, so the job's verdict is the gate over every measured request of all.
 */
record MergedGate(double p99Ms, double successPercent) {

    /** What failed, one line per request name; empty: the gate passes. */
    List<String> failures(RunSummary merged) {
        List<String> failures = new ArrayList<>();
        if (merged.requests() == null || merged.requests().isEmpty()) {
            failures.add("no measured request in the merged run");
            return failures;
        }
        for (RunSummary.NamedStats named : merged.requests()) {
            if (named.p99Ms() > p99Ms) {
                failures.add(String.format(Locale.ROOT, "%s: p99 %d ms > %.0f ms", named.name(), named.p99Ms(), p99Ms));
            }
            double okPercent = named.requests() == 0 ? 0 : 100.0 * (named.requests() - named.ko()) / named.requests();
            if (okPercent < successPercent) {
                failures.add(String.format(Locale.ROOT, "%s: %.2f%% OK < %.2f%%", named.name(), okPercent, successPercent));
            }
        }
        return failures;
    }
}
