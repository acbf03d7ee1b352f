package mailbench.injectors;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.errors.ToolError;
import mailbench.json.Json;

/**
 * One task of the injectors' replicated job as {@code docker inspect} shows it: its slot (the injector's index), its
 * state and, once its container ended, the exit code. The slot is read from the task itself, not from the rendered
 * {@code {{.Task.Slot}}}, which shows slot 0 as the node's ID.
 */
record SwarmTask(String id, int index, String state, Integer exitCode, String error, String nodeId) {

    /** States from which a task never runs on: swarmkit's terminal states. */
    private static final Set<String> ENDED = Set.of("complete", "failed", "rejected", "shutdown", "orphaned", "remove");
    /** States of a task that has not yet started its container. */
    private static final Set<String> NOT_STARTED = Set.of("new", "pending", "assigned", "accepted", "ready", "preparing", "starting");

    /**
     * The injector's exit code of a finished run, its own assertions passed or not (io.gatling.app.MailbenchInjectorMain): any
     * other end is a failure, and Swarm would run the task again.
     */
    static final Set<Integer> RUN_EXIT_CODES = Set.of(0);

    boolean ended() {
        return ENDED.contains(state);
    }

    boolean started() {
        return !NOT_STARTED.contains(state);
    }

    /** Ended with a run folder worth merging. */
    boolean finishedItsRun() {
        return ended() && exitCode != null && RUN_EXIT_CODES.contains(exitCode) && !"rejected".equals(state);
    }

    String describe() {
        StringBuilder text = new StringBuilder("injector " + index + " (task " + id.substring(0, Math.min(12, id.length())) + "): " + state);
        if (exitCode != null && ended()) {
            text.append(", exit ").append(exitCode);
            if (exitCode == 1) {
                text.append(" (Gatling or the run failed: a bad knob, the target unreachable, a crash)");
            } else if (exitCode == 137) {
                text.append(" (killed: out of memory, or stopped)");
            }
        }
        if (error != null && !error.isBlank()) {
            text.append(", ").append(error);
        }
        return text.toString();
    }

    /** Every task of the service, ended ones included, in index order. */
    static List<SwarmTask> list(DockerCli docker, String service) throws InterruptedException {
        Duration call = Duration.ofSeconds(60);
        String ids = docker.ok(call, "service", "ps", "--no-trunc", "-q", service);
        if (ids.isBlank()) {
            return List.of();
        }
        List<SwarmTask> tasks = new ArrayList<>(parse(docker.ok(call, Stream.concat(
            Stream.of("inspect", "--format", "{{json .}}"), ids.strip().lines()).toArray(String[]::new))));
        tasks.sort(Comparator.comparingInt(SwarmTask::index));
        return tasks;
    }

    /** The tasks of {@code docker inspect --format '{{json .}}' TASK...}, one JSON document a line. */
    static List<SwarmTask> parse(String inspectLines) {
        List<SwarmTask> tasks = new ArrayList<>();
        for (String line : inspectLines.strip().split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode task;
            try {
                task = Json.MAPPER.readTree(line);
            } catch (java.io.IOException e) {
                throw new ToolError("docker inspect printed something that is not a task: " + DockerCli.firstLines(line));
            }
            JsonNode status = task.path("Status");
            JsonNode exit = status.path("ContainerStatus").path("ExitCode");
            tasks.add(new SwarmTask(task.path("ID").asText(), task.path("Slot").asInt(0), status.path("State").asText("unknown"),
                exit.isNumber() ? exit.asInt() : null, status.path("Err").asText(null), task.path("NodeID").asText("")));
        }
        return tasks;
    }
}
