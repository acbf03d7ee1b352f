package mailbench.injectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwarmPlanTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080");
    private static final Instant START = Instant.parse("2026-11-26T10:00:00Z");

    private static SwarmPlan plan(int injectors, int rate, URI target, Map<String, String> knobs) {
        return plan(injectors, rate, target, knobs, SwarmPlan.FacadeAccess.NONE);
    }

    private static SwarmPlan plan(int injectors, int rate, URI target, Map<String, String> knobs, SwarmPlan.FacadeAccess access) {
        return new SwarmPlan(injectors, rate, target, "mailbench-gatling:local", "mailbench.gatling.SearchSimulation", knobs, access,
            Path.of("reports/swarm/x"), Duration.ofSeconds(60), Duration.ofSeconds(180), "docker");
    }

    @Test
    void theServiceShouldBeADetachedNeverRestartedJobOnTheHostNetworkWithTheSlotAsIndex() {
        List<String> args = SwarmService.createArgs(plan(3, 1000, TARGET, Map.of("mailbench.duration", "30")), "svc", START,
            Path.of("/jobs/x/injectors"));

        assertThat(String.join(" ", args)).contains("service create --detach --name svc", "--mode replicated-job --replicas 3",
            "--max-concurrent 3", "--restart-condition none", "--no-resolve-image", "--network host",
            "--env MAILBENCH_INJECTOR_INDEX={{.Task.Slot}}", "type=bind,source=/jobs/x/injectors,target=/reports");
        int image = args.indexOf("mailbench-gatling:local");
        assertThat(args.subList(image + 1, args.size())).startsWith("-Dmailbench.duration=30")
            .contains("-Dmailbench.target=" + TARGET, "-Dmailbench.rate=1000", "-Dmailbench.injector.count=3",
                "-Dmailbench.startAt=" + START.toEpochMilli(), "-Dmailbench.reportsDir=/reports")
            .endsWith(SwarmService.INJECTOR_MAIN, "--simulation", "mailbench.gatling.SearchSimulation", "--results-folder",
                SwarmService.GATLING_RESULTS_IN_TASK);
    }

    @Test
    void badOptionsShouldBeRefusedNamingTheOption() {
        assertThatThrownBy(() -> plan(3, 1000, URI.create("at"), Map.of())).hasMessageContaining("--target must be the facade's http(s)://");
        assertThatThrownBy(() -> plan(0, 1000, TARGET, Map.of())).hasMessageContaining("--injectors must be between 1 and");
        assertThatThrownBy(() -> plan(3, 2, TARGET, Map.of())).hasMessageContaining("3 injectors need at least 3 req/s");
        assertThatThrownBy(() -> plan(3, 1000, TARGET, Map.of("mailbench.startAt", "0")))
            .hasMessageContaining("-Dmailbench.startAt is the job's own");
        assertThatThrownBy(() -> plan(3, 1000, TARGET, Map.of("mailbench.facade.ca", "/x.pem")))
            .hasMessageContaining("-Dmailbench.facade.ca is the job's own").hasMessageContaining("--facade-ca");
        assertThatThrownBy(() -> new SwarmPlan.FacadeAccess(null, Path.of("no-such-ca.pem")))
            .hasMessageContaining("--facade-ca no-such-ca.pem: no such file");
    }

    @Test
    void aCaShouldBeMountedIntoEveryInjectorAndMakeGatlingCheckTheFacadesCertificate(@TempDir Path dir) throws IOException {
        Path ca = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
        Path token = Files.writeString(dir.resolve("token"), "0123456789abcdef");
        URI https = URI.create("https://facade.staging:8443");
        List<String> args = SwarmService.createArgs(plan(2, 500, https, Map.of(), new SwarmPlan.FacadeAccess(token, ca)), "svc", START,
            Path.of("/jobs/x/injectors"));

        assertThat(args).contains("type=bind,source=" + ca + ",target=/run/mailbench/facade-ca.pem,readonly",
            "type=bind,source=" + token + ",target=/run/mailbench/facade-token,readonly",
            "-Dmailbench.facade.ca=/run/mailbench/facade-ca.pem", "-Dgatling.ssl.useInsecureTrustManager=false",
            "-Dmailbench.facade.tokenFile=/run/mailbench/facade-token", "-Dmailbench.target=" + https);
        assertThat(args.indexOf("-Dgatling.ssl.useInsecureTrustManager=false")).isLessThan(args.indexOf(SwarmService.INJECTOR_MAIN));
        assertThat(String.join(" ", SwarmService.createArgs(plan(2, 500, https, Map.of()), "svc", START, Path.of("/j"))))
            .doesNotContain("facade-ca", "useInsecureTrustManager");
        assertThatThrownBy(() -> plan(2, 500, TARGET, Map.of(), new SwarmPlan.FacadeAccess(null, ca)))
            .hasMessageContaining("--facade-ca is the CA of an https facade's certificate, but --target is http://127.0.0.1:8080");
    }

    @Test
    void theDeadlineAndTheGateShouldFollowTheKnobs() {
        SwarmPlan plan = plan(2, 100, TARGET, Map.of("mailbench.warmup", "10", "mailbench.duration", "20", "mailbench.assert.p99Ms", "50"));

        assertThat(plan.finishBy(START)).isEqualTo(START.plusSeconds(10 + 20 + 180));
        assertThat(plan.gate()).isEqualTo(new MergedGate(50, 99));
    }
}
