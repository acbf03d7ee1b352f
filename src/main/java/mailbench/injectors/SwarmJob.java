package mailbench.injectors;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import mailbench.errors.ToolError;
import mailbench.merge.MergeJob;
import mailbench.settings.InjectorShare;
import mailbench.runfolder.RunFolder;

/**
 * N injectors as one Docker Swarm replicated job against one target: the service is created detached (a failed task
 * would hang a foreground create), its tasks polled until each ended, every task's log saved, the service removed
 * (also on failure and Ctrl-C), and the injectors' run folders, written through a bind mount, merged exactly.
 * An injector that fails or never starts fails the job, naming it; what the others wrote stays in the output.
 */
public final class SwarmJob {

    /** The job's failure: an injector failed, never started or never finished. The job exits 1, as a failed run. */
    public static final class InjectorsFailed extends RuntimeException {
        InjectorsFailed(String message) {
            super(message);
        }
    }

    /** The merged run, its verdict, and how far apart the injectors started their load. */
    public record Outcome(Path merged, MergeJob.Outcome merge, List<String> gateFailures, long startSpreadMillis) {
        public boolean passed() {
            return gateFailures.isEmpty();
        }
    }

    static final String REPORTS_IN_TASK = "/reports";
    static final String TOKEN_IN_TASK = "/run/mailbench/facade-token";
    static final String CA_IN_TASK = "/run/mailbench/facade-ca.pem";
    private static final Duration CALL = Duration.ofSeconds(60);
    private static final int CONTAINER_REMOVAL_TRIES = 5;

    private final SwarmPlan plan;
    private final DockerCli docker;
    private final PrintStream out;
    private String service;
    private boolean removed;

    public SwarmJob(SwarmPlan plan, PrintStream out) {
        this.plan = plan;
        this.docker = new DockerCli(plan.docker());
        this.out = out;
    }

    public Outcome run() throws IOException, InterruptedException {
        plan.refuseUsedOutput();
        checkEngine();
        Path reports = plan.out().resolve("injectors");
        Path logs = plan.out().resolve("logs");
        Files.createDirectories(reports);
        Files.createDirectories(logs);
        Instant startAt = Instant.now().plus(plan.lead()).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        service = "mailbench-injectors-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now())
            + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
        Thread cleanup = new Thread(this::removeService, "mailbench-swarm-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        List<SwarmTask> tasks;
        try {
            say("service " + service + ": " + plan.injectors() + " injectors of " + plan.image() + ", " + plan.rate() + " req/s in all against "
                + plan.target() + ", agreed start " + startAt + " (in " + plan.lead().toSeconds() + " s)");
            docker.ok(CALL, SwarmService.createArgs(plan, service, startAt, reports).toArray(String[]::new));
            tasks = new SwarmWait(docker, service, plan.injectors(), this::say).until(startAt, plan.finishBy(startAt));
        } finally {
            saveLogs(logs);
            removeService();
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs anyway
            }
        }
        List<Path> runs = runFolders(reports, tasks, plan.injectors());
        List<Instant> starts = new ArrayList<>();
        for (Path run : runs) {
            starts.add(LoadStarts.of(run));
        }
        long spread = LoadStarts.spreadMillis(starts);
        say(String.format(java.util.Locale.ROOT, "the injectors started their load within %.3f s of each other (from their run.json)%s",
            spread / 1000.0, spread > 1_000 ? ": more than a second, so some were late; give a longer --lead-seconds" : ""));
        Path merged = plan.out().resolve("merged");
        MergeJob.Outcome merge = new MergeJob(out).run(runs, merged);
        List<String> failures = plan.gate().failures(merge.summary());
        JobRecord.write(plan.out().resolve("injectors.json"), plan, service, startAt, tasks, runs, starts, spread, failures);
        return new Outcome(merged, merge, failures, spread);
    }

    /** Swarm jobs need a manager of an active swarm and the image on this engine (nothing is pulled: no registry needed). */
    private void checkEngine() throws InterruptedException {
        DockerCli.Result info = docker.run(CALL, "info", "--format", "{{.Swarm.LocalNodeState}} {{.Swarm.ControlAvailable}}");
        if (!info.ok()) {
            throw new ToolError("no Docker engine answers (" + DockerCli.firstLines(info.err()) + "): start one (docs/injectors.adoc)");
        }
        if (!info.out().strip().equals("active true")) {
            throw new ToolError("this Docker engine is not a manager of an active swarm (" + info.out().strip() + "): one node is enough,"
                + " docker swarm init --advertise-addr 127.0.0.1");
        }
        if (!docker.run(CALL, "image", "inspect", "--format", "{{.Id}}", plan.image()).ok()) {
            throw new ToolError("no image " + plan.image() + " on this engine: build it with java -jar target/mailbench.jar injector-image"
                + " --base <a JRE 17 image> (docs/injectors.adoc)");
        }
    }

    /** Each injector's one run folder (under injectors/injector-N/ when several), or the job fails naming the injector without one. */
    private static List<Path> runFolders(Path reports, List<SwarmTask> tasks, int count) throws IOException {
        List<Path> runs = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (SwarmTask task : tasks) {
            Path folder = new InjectorShare(task.index(), count).reportsDir(reports);
            List<Path> made;
            try (Stream<Path> list = Files.isDirectory(folder) ? Files.list(folder) : Stream.empty()) {
                made = list.filter(p -> Files.isRegularFile(p.resolve(RunFolder.RUN_JSON))).toList();
            }
            if (made.size() != 1 || !RunFolder.of(made.get(0)).hasSummary()) {
                missing.add(task.describe() + ": " + made.size() + " run folder(s) with a summary in " + folder);
            } else {
                runs.add(made.get(0));
            }
        }
        if (!missing.isEmpty()) {
            throw new InjectorsFailed("an injector left no complete run folder: " + String.join("; ", missing));
        }
        return runs;
    }

    /** Every task's output, whatever its end: the first place to look when one failed. */
    private void saveLogs(Path logs) {
        try {
            List<SwarmTask> tasks = SwarmTask.list(docker, service);
            for (SwarmTask task : tasks) {
                Path log = logs.resolve(InjectorShare.folderName(task.index()) + ".log");
                docker.run(CALL, log, "service", "logs", "--timestamps", "--raw", task.id());
            }
            say("task logs: " + logs);
        } catch (RuntimeException e) {
            say("could not save the task logs: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void removeService() {
        if (service == null || removed) {
            return;
        }
        removed = true;
        try {
            DockerCli.Result rm = docker.run(CALL, "service", "rm", service);
            if (!rm.ok()) {
                say("could not remove the service " + service + ": " + DockerCli.firstLines(rm.err()) + " (docker service rm " + service + ")");
                return;
            }
            // Docker 20.10 leaves a removed job's task containers behind (exited, not removed): they are the job's, removed here
            String left = "";
            for (int i = 0; ; i++) {
                left = docker.run(CALL, "ps", "-aq", "--filter", "label=com.docker.swarm.service.name=" + service).out().strip();
                if (left.isEmpty() || i == CONTAINER_REMOVAL_TRIES) {
                    break;
                }
                List<String> remove = new ArrayList<>(List.of("rm", "--force"));
                remove.addAll(left.lines().toList());
                docker.run(CALL, remove.toArray(String[]::new));
                Thread.sleep(1_000);
            }
            say(left.isEmpty() ? "service " + service + " removed, with its containers"
                : "service " + service + " removed; its containers could not all be: " + left.replace('\n', ' ') + " (docker rm -f them)");
        } catch (RuntimeException e) {
            say("could not remove the service " + service + ": " + e.getMessage() + " (docker service rm " + service + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void say(String line) {
        out.println("[swarm-run] " + line);
    }
}
