package mailbench.injectors;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mailbench.json.Json;

/** injectors.json beside the merged run: what the job launched, where each injector's run went, when each started, the verdict. */
final class JobRecord {

    private JobRecord() {
    }

    static void write(Path file, SwarmPlan plan, String service, Instant startAt, List<SwarmTask> tasks, List<Path> runs, List<Instant> starts,
                      long spreadMillis, List<String> gateFailures) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("engine", "docker-swarm");
        doc.put("service", service);
        doc.put("image", plan.image());
        doc.put("simulation", plan.simulation());
        doc.put("target", plan.target().toString());
        doc.put("rate", plan.rate());
        doc.put("agreedStart", startAt.toString());
        doc.put("knobs", plan.knobs());
        List<Map<String, Object>> injectors = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            SwarmTask task = tasks.get(i);
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("index", task.index());
            one.put("task", task.id());
            one.put("node", task.nodeId());
            one.put("state", task.state());
            one.put("exitCode", task.exitCode());
            one.put("runFolder", plan.out().relativize(runs.get(i).toAbsolutePath()).toString());
            one.put("loadStart", starts.get(i).toString());
            one.put("loadStartAfterAgreedMs", starts.get(i).toEpochMilli() - startAt.toEpochMilli());
            injectors.add(one);
        }
        doc.put("injectors", injectors);
        doc.put("loadStartSpreadMs", spreadMillis);
        doc.put("merged", "merged");
        doc.put("gate", gateFailures.isEmpty() ? "passed" : "failed");
        doc.put("gateFailures", gateFailures);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), doc);
    }
}
