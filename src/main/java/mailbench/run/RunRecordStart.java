package mailbench.run;

import java.time.Instant;
import java.util.Map;

import mailbench.knobs.Knobs;
import mailbench.runfolder.RunRecord;
import mailbench.settings.BenchConfig;

/** What a starting run writes first into its run.json: the run knows its settings, the run folder's record does not. */
final class RunRecordStart {

    private RunRecordStart() {
    }

    /** What a starting run knows: its name, what runs against what, its knobs and the versions of this side. */
    static void starting(RunRecord record, String runId, String simulation, BenchConfig config, Map<String, String> knobDefaults,
                         String gatlingVersion, Instant startedAt) {
        record.runId = runId;
        record.simulation = simulation;
        record.variant = config.load().variant();
        record.path = config.load().path().value();
        record.target = config.local() ? "local" : config.target().url().toString();
        record.status = "starting";
        record.start = startedAt;
        record.knobs.putAll(BenchConfig.knobValues(knobDefaults));
        if (config.load().injector().count() > 1) {
            // one of several injectors: what this one sent, so a merge's rates add up to the total (docs/injectors.adoc)
            record.knobs.put(Knobs.RATE.name(), Integer.toString(config.load().rate()));
            record.knobs.put(Knobs.INJECTOR_INDEX.name(), Integer.toString(config.load().injector().index()));
            record.knobs.put(Knobs.REPORTS.name(), config.output().reportsDir().toString());
        }
        // the revision the classes were built from; a build without .git falls back to the checkout run in
        BuildRevision build = BuildRevision.current();
        record.versions.put("mailbench", build.known() ? build.revision() : MachineInfo.gitRevision());
        record.versions.put("gatling", gatlingVersion);
        record.versions.put("jdk", System.getProperty("java.version"));
    }
}
