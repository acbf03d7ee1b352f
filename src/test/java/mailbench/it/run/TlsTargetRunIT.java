package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.ServerTls;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.FacadeToken;
import mailbench.facadeclient.FacadeAccess;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TestCertificates;
import mailbench.json.Json;
import mailbench.loader.CorpusLoader;

/**
 * A staging run on one machine: {@code mvn gatling:test -Dmailbench.target=https://...} with the facade's token and the
 * private CA that signed its certificate. Gatling checks certificates in such a run, so its requests get through only
 * if it trusts that CA: every request OK means it did (with the JDK's CAs it would have refused each one).
 */
class TlsTargetRunIT {

    private static final Path WORK = Path.of("target", "tls-target-run-it").toAbsolutePath();
    private static final String TOKEN = "tls-target-run-it-token-0123456789";

    @Test
    void aRunShouldDriveAnHttpsFacadeWithItsTokenCheckingTheCertificateAgainstTheCa() throws Exception {
        Files.createDirectories(WORK);
        TestCertificates certificates = TestCertificates.create();
        Path ca = certificates.writeCaPem(WORK.resolve("ca.pem"));
        certificates.writeServerPem(WORK.resolve("facade.pem"), WORK.resolve("facade-key.pem"));
        Path tokenFile = Files.writeString(WORK.resolve("facade.token"), TOKEN + "\n");
        FacadeConfig config = FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-tls-run-" + System.nanoTime());
        ServerTls tls = ServerTls.of(WORK.resolve("facade.pem"), WORK.resolve("facade-key.pem"), null, false, Map.of());
        try (FacadeServer facade = FacadeServer.start(config, FacadeGuards.DEFAULTS.withToken(FacadeToken.of(TOKEN)), tls, p -> { })) {
            URI url = URI.create("https://localhost:" + facade.port());
            new CorpusLoader(url, FacadeAccess.of(FacadeToken.of(TOKEN), ca, "--facade-ca"), line -> { }).load(new CorpusSpec(42, 5_000, 100));

            Path reports = WORK.resolve("reports");
            Path log = WORK.resolve("gatling.log");
            Process mvn = new ProcessBuilder(MavenCommand.onC1(List.of(MavenCommand.path(), "-B", "-ntp", "gatling:test", MavenCommand.SIMULATIONS_ONLY,
                MavenCommand.SIMULATIONS_COMPILED,
                "-Dmailbench.target=" + url,
                "-Dmailbench.facade.ca=" + ca, "-Dmailbench.facade.tokenFile=" + tokenFile, "-Dmailbench.variant=tls",
                "-Dmailbench.rate=20", "-Dmailbench.warmup=10", "-Dmailbench.duration=20",
                "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100", "-Dmailbench.profiler=false",
                // the TLS path is under test, not the host's speed
                "-Dmailbench.assert.p99Ms=600000", "-Dmailbench.reportsDir=" + reports, "-Dmailbench.gatlingResults=" + WORK.resolve("gatling"))))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the run ends in time, see " + log).isTrue();
            String output = Files.readString(log);
            assertThat(mvn.exitValue()).as("exit code, see " + log).isZero();
            assertThat(output).doesNotContain(TOKEN);

            Path run;
            try (Stream<Path> runs = Files.list(reports)) {
                run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
            }
            JsonNode summary = Json.MAPPER.readTree(run.resolve("summary.json").toFile());
            JsonNode measured = summary.get("measured");
            System.out.printf("[tls-run] %s: %s measured requests, %s KO, error windows %s%n", run.getFileName(),
                measured.get("requests"), measured.get("ko"), summary.get("errors"));
            assertThat(measured.get("requests").asLong()).isPositive();
            assertThat(measured.get("ko").asLong()).isZero();
            assertThat(summary.get("errors")).as("no KO, warm-up included").isEmpty();
            assertThat(Path.of("target", "gatling-trust", run.getFileName().toString(), "gatling-truststore.p12")).isNotEmptyFile();
        }
    }
}
