package mailbench.injectors;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.settings.InjectorShare;

/**
 * Polls the job's tasks until every injector has ended. It stops early, with a message naming the injector, when one
 * failed (its share of the load is missing, so the job cannot be the load it was asked for) or is still not running
 * past the agreed start (the contract would refuse it anyway, and the others would load without it).
 */
final class SwarmWait {

    private static final Duration POLL = Duration.ofSeconds(1);

    private final DockerCli docker;
    private final String service;
    private final int injectors;
    private final Consumer<String> say;
    private final Map<String, String> lastState = new HashMap<>();

    SwarmWait(DockerCli docker, String service, int injectors, Consumer<String> say) {
        this.docker = docker;
        this.service = service;
        this.injectors = injectors;
        this.say = say;
    }

    /** Every task, ended; or InjectorsFailed naming the injectors that failed, never started or never finished. */
    List<SwarmTask> until(Instant startAt, Instant finishBy) throws InterruptedException {
        Instant startedBy = startAt.plus(InjectorShare.MAX_LATE);
        while (true) {
            List<SwarmTask> tasks = SwarmTask.list(docker, service);
            report(tasks);
            List<String> failed = tasks.stream().filter(t -> t.ended() && !t.finishedItsRun()).map(SwarmTask::describe).toList();
            if (!failed.isEmpty()) {
                throw new SwarmJob.InjectorsFailed("the job failed: " + String.join("; ", failed) + ". The task logs show why");
            }
            Instant now = Instant.now();
            if (now.isAfter(startedBy)) {
                List<String> late = tasks.stream().filter(t -> !t.started()).map(SwarmTask::describe).toList();
                if (!late.isEmpty() || tasks.size() < injectors) {
                    throw new SwarmJob.InjectorsFailed("an injector never started: " + (late.isEmpty() ? "" : String.join("; ", late) + "; ")
                        + tasks.size() + " of " + injectors + " tasks exist, " + InjectorShare.MAX_LATE.toSeconds()
                        + " s after the agreed start " + startAt + " (no node could run it? docker node ls; the image on every node?)");
                }
            }
            if (tasks.size() == injectors && tasks.stream().allMatch(SwarmTask::ended)) {
                return tasks;
            }
            if (now.isAfter(finishBy)) {
                List<String> running = tasks.stream().filter(t -> !t.ended()).map(SwarmTask::describe).toList();
                throw new SwarmJob.InjectorsFailed("an injector did not finish by " + finishBy + " (the agreed start, the warm-up, the"
                    + " measured phase and --grace-seconds): " + String.join("; ", running));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** One line per change of a task's state, so the console tells where each injector is. */
    private void report(List<SwarmTask> tasks) {
        for (SwarmTask task : tasks) {
            String state = task.state() + (task.ended() && task.exitCode() != null ? " (exit " + task.exitCode() + ")" : "");
            if (!state.equals(lastState.put(task.id(), state))) {
                say.accept("injector " + task.index() + ": " + state);
            }
        }
    }
}
