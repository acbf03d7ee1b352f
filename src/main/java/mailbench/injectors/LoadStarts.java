package mailbench.injectors;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import mailbench.errors.ToolError;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;

/**
 * When each injector started its load, from its own run.json timeline (the "load starting" event, written when the
 * agreed start was reached): how far apart the injectors began is the measure of the barrier.
 */
final class LoadStarts {

    static final String EVENT = "load starting";

    private LoadStarts() {
    }

    static Instant of(Path runFolder) throws IOException {
        RunRecord record = RunFolder.of(runFolder).readRecord();
        for (RunRecord.Event event : record.timeline) {
            if (EVENT.equals(event.event())) {
                return event.at();
            }
        }
        throw new ToolError(runFolder + " has no '" + EVENT + "' in its run.json timeline: the injector never started its load");
    }

    /** Milliseconds between the first and the last start. */
    static long spreadMillis(List<Instant> starts) {
        List<Long> millis = new ArrayList<>(starts.stream().map(Instant::toEpochMilli).toList());
        return millis.isEmpty() ? 0 : millis.stream().mapToLong(Long::longValue).max().orElseThrow()
            - millis.stream().mapToLong(Long::longValue).min().orElseThrow();
    }
}
