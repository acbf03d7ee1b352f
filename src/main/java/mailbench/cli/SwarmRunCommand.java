package mailbench.cli;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import mailbench.injectors.SwarmJob;
import mailbench.injectors.SwarmPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import mailbench.summary.SummaryTable;

/** {@code mailbench swarm-run}: N injectors as a Docker Swarm job against one facade, merged into one run; exit 0, 1 or 2. */
@Command(name = "swarm-run", mixinStandardHelpOptions = true,
    header = "N injectors as a Docker Swarm replicated job against one facade, their run folders merged into one run.",
    description = {"Launches --injectors injectors of the injector image as one Docker Swarm replicated job (on the host's network,",
        "never restarted), each at its share of --rate from one agreed start; waits for them, saves their logs, removes the",
        "service (also on failure and Ctrl-C), and merges their run folders exactly into <out>/merged (docs/injectors.adoc).",
        "Exit code: 0 the merged run passed its gate, 1 it failed the gate or an injector failed or never started (named; what",
        "was written is kept), 2 refused (bad option, no engine, no swarm, no image; nothing started)."})
final class SwarmRunCommand implements Callable<Integer> {

    @Option(names = "--injectors", required = true, description = "How many injectors (Swarm tasks)")
    int injectors;

    @Option(names = "--rate", required = true, description = "Requests per second of all injectors together")
    int rate;

    @Option(names = "--target", required = true, description = "The facade's URL, as the injectors reach it (host network)")
    URI target;

    @Option(names = "--image", description = "The injector image, on every node (default: ${DEFAULT-VALUE})",
        defaultValue = "mailbench-gatling:local")
    String image;

    @Option(names = "--simulation", description = "The simulation class (default: ${DEFAULT-VALUE})",
        defaultValue = "mailbench.gatling.SearchSimulation")
    String simulation;

    @Option(names = "-D", paramLabel = "key=value", description = "A knob for every injector, e.g. -Dmailbench.duration=60")
    Map<String, String> knobs = new LinkedHashMap<>();

    @Option(names = "--token-file", description = "The facade's token, mounted read-only into every injector (default: none)")
    Path tokenFile;

    @Option(names = "--facade-ca", paramLabel = "<pem file>", description = "CA certificate(s), PEM, that signed an https --target's"
        + " certificate: mounted read-only into every injector, whose requests then check the facade's certificate against it"
        + " (default: none, an https facade's certificate is not checked)")
    Path facadeCa;

    @Option(names = "--out", description = "Where jobs go: each job writes a new folder <out>/<yyyyMMdd-HHmmss>/ with injectors/,"
        + " logs/, merged/, injectors.json (default: ${DEFAULT-VALUE})", defaultValue = "reports/swarm")
    Path out;

    @Option(names = "--lead-seconds", description = "From launch to the agreed start: the injectors' start-up must fit (default:"
        + " ${DEFAULT-VALUE})", defaultValue = "60")
    int leadSeconds;

    @Option(names = "--grace-seconds", description = "Past the agreed start, warm-up and measured phase, how long the injectors may"
        + " take to write their runs (default: ${DEFAULT-VALUE})", defaultValue = "180")
    int graceSeconds;

    @Option(names = "--docker", description = "The Docker client command (default: ${DEFAULT-VALUE})", defaultValue = "docker")
    String docker;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            SwarmPlan plan = new SwarmPlan(injectors, rate, target, image, simulation, knobs,
                new SwarmPlan.FacadeAccess(tokenFile, facadeCa),
                out.resolve(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(java.time.ZoneOffset.UTC)
                    .format(java.time.Instant.now())), Duration.ofSeconds(leadSeconds), Duration.ofSeconds(graceSeconds), docker);
            try {
                SwarmJob.Outcome outcome = new SwarmJob(plan, System.out).run();
                System.out.println(SummaryTable.format(outcome.merge().summary()));
                outcome.merge().warnings().forEach(w -> System.err.println("warning: " + w));
                if (!outcome.passed()) {
                    System.out.println("[swarm-run] gate FAILED on the merged run: " + String.join("; ", outcome.gateFailures()));
                    System.out.println("[swarm-run] merged run: " + outcome.merged());
                    return 1;
                }
                System.out.println("[swarm-run] gate passed; merged run: " + outcome.merged());
                return 0;
            } catch (SwarmJob.InjectorsFailed e) {
                System.err.println("error: " + e.getMessage());
                System.err.println("the job's folder keeps what was written: " + plan.out());
                return 1;
            }
        });
    }
}
