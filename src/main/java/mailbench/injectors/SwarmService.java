package mailbench.injectors;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import mailbench.settings.InjectorShare;

/**
 * The {@code docker service create} of the injectors' job. Every choice here is one of the pitfalls of Swarm jobs on
 * Docker 20.10 (docs/injectors.adoc): detached, since a failed task would hang a foreground create; never restarted,
 * since a second try of an injector would send its share twice; the local image as it is; the host's network, so
 * the load stays on loopback; the slot as the index, through the environment (templates render there, not in args).
 */
final class SwarmService {

    static final String GATLING_RESULTS_IN_TASK = "/opt/mailbench/gatling-results";
    /** Gatling's main, with a finished run's failed assertions an exit 0: the job judges the merged run (src/gatling/scala/io/gatling/app). */
    static final String INJECTOR_MAIN = "io.gatling.app.MailbenchInjectorMain";

    private SwarmService() {
    }

    static List<String> createArgs(SwarmPlan plan, String service, Instant startAt, Path reports) {
        List<String> args = new ArrayList<>(List.of("service", "create", "--detach", "--name", service,
            "--label", "mailbench.job=" + service,
            "--mode", "replicated-job", "--replicas", Integer.toString(plan.injectors()),
            "--max-concurrent", Integer.toString(plan.injectors()),
            "--restart-condition", "none", "--no-resolve-image", "--network", "host",
            "--env", InjectorShare.INDEX_ENV + "={{.Task.Slot}}",
            "--mount", "type=bind,source=" + reports + ",target=" + SwarmJob.REPORTS_IN_TASK));
        if (plan.access().tokenFile() != null) {
            args.addAll(List.of("--mount", "type=bind,source=" + plan.access().tokenFile() + ",target=" + SwarmJob.TOKEN_IN_TASK
                + ",readonly"));
        }
        if (plan.access().ca() != null) {
            args.addAll(List.of("--mount", "type=bind,source=" + plan.access().ca() + ",target=" + SwarmJob.CA_IN_TASK + ",readonly"));
        }
        args.add(plan.image());
        args.addAll(plan.properties(startAt));
        args.addAll(List.of(INJECTOR_MAIN, "--simulation", plan.simulation(), "--results-folder",
            GATLING_RESULTS_IN_TASK));
        return args;
    }
}
