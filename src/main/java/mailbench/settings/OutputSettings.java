package mailbench.settings;

import java.nio.file.Path;

import mailbench.knobs.Knobs;

/** Where a run's files go (its folder under the reports, Gatling's own results) and the results index it is sent to. */
public record OutputSettings(Path reportsDir, Path gatlingResults, String resultsUrl) {

    /** An injector of a shared load writes into a folder of its own under the reports. */
    static OutputSettings read(InjectorShare injector) {
        return new OutputSettings(injector.reportsDir(Path.of(Knobs.REPORTS.value())), Path.of(Knobs.GATLING_RESULTS.value()),
            Knobs.RESULTS_URL.value());
    }
}
