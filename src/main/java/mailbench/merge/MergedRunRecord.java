package mailbench.merge;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import mailbench.runfolder.RunRecord;

/**
 * run.json of a merged run: the fields of an injector's run.json that other tools read
 * (simulation, variant, path, target, status, knobs, measured window), plus the injectors'
 * runs it was made from and what the merge warned about.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record MergedRunRecord(String runId, String simulation, String variant, String path, String target, String status, String reason,
                       Instant start, Instant end, Instant measuredStart, Instant measuredEnd, Map<String, String> knobs,
                       Map<String, String> versions, Map<String, Object> machine, Map<String, String> profile,
                       List<RunRecord.Event> timeline, List<Injector> injectors, List<String> warnings) {

    /** One injector's run: where it was, what it sent and when it measured. */
    record Injector(String runId, String host, String folder, String status, String rate, Long speedProbeMs, long requests, long ko,
                    double rps, long p99Ms, Instant measuredStart, Instant measuredEnd) {
    }
}
