package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.ServerTls;
import mailbench.cli.MailbenchMain;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.FacadeToken;
import mailbench.facade.RequestLimits;
import mailbench.facadeclient.FacadeAccess;
import mailbench.injectors.InjectorImage;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TestCertificates;
import mailbench.json.Json;
import mailbench.loader.CorpusLoader;
import mailbench.loader.SearchWarmer;
import mailbench.run.Feeders;

/**
 * {@code mailbench swarm-run} as an operator runs it, on a one-node swarm of this host's Docker engine: three injectors
 * of an image built from this build, at a low rate against a real facade over the suite's node (https with a private CA
 * and a token, as on staging), merged into one run;
 * and an injector that fails. Skipped without a Docker engine. A swarm the engine was not in is made for the test
 * and left afterwards; the image, the services and the job's containers it made are removed.
 */
class SwarmRunIT {

    private static final Path WORK = Path.of("target", "swarm-it", "" + System.currentTimeMillis()).toAbsolutePath();
    private static final CorpusSpec CORPUS = new CorpusSpec(42, 5_000, 100);
    private static final String IMAGE = "mailbench-gatling:it";
    /** Bases tried in turn: the operator's choice, the official JRE, the one made from Debian packages (docs/docker.adoc). */
    private static final List<String> BASES = List.of(String.valueOf(System.getenv("MAILBENCH_INJECTOR_BASE")), "eclipse-temurin:17-jre",
        "mailbench-base:jre17");
    private static final int INJECTORS = 3;
    private static final int RATE = 30;
    private static final String TOKEN = "swarm-run-it-token-0123456789";

    private static boolean swarmMadeHere;
    private static boolean imageMadeHere;

    @BeforeAll
    static void engineSwarmAndImage() throws Exception {
        assumeThat(docker("info", "--format", "{{.ServerVersion}}").exit).as("a Docker engine answers (docker info); none here").isZero();
        String state = docker("info", "--format", "{{.Swarm.LocalNodeState}}").out.strip();
        if (state.equals("inactive")) {
            Result init = docker("swarm", "init", "--advertise-addr", "127.0.0.1");
            assertThat(init.exit).as("docker swarm init: " + init.out).isZero();
            swarmMadeHere = true;
        }
        assumeThat(docker("info", "--format", "{{.Swarm.ControlAvailable}}").out.strip()).as("this engine manages its swarm").isEqualTo("true");
        String base = BASES.stream().filter(b -> docker("image", "inspect", b).exit == 0).findFirst().orElse(null);
        assumeThat(base).as("a JRE 17 base image on this engine, one of " + BASES + " (no registry needed: docs/docker.adoc)").isNotNull();
        InjectorImage.build("docker", Path.of(""), base, IMAGE, line -> System.out.println("[swarm-it] " + line));
        imageMadeHere = true;
    }

    @AfterAll
    static void leaveAsFound() {
        if (imageMadeHere) {
            docker("image", "rm", "--force", IMAGE);
        }
        if (swarmMadeHere) {
            docker("swarm", "leave", "--force");
        }
    }

    /**
     * The facade as on staging: https with a certificate of a private CA, and a token. Gatling's requests check the
     * certificate only against --facade-ca, so the injectors' requests get through only if the CA reached every one.
     */
    @Test
    void threeInjectorsShouldLoadAnHttpsFacadeTogetherAndMergeIntoOneRunOfTheirSum() throws Exception {
        Path feeders = Feeders.forCorpus(CORPUS);
        FacadeConfig config = FacadeConfig.local(SharedNode.url(), "mail-it-swarm-" + System.nanoTime())
            .with(new RequestLimits(256, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
        Files.createDirectories(WORK);
        TestCertificates certificates = TestCertificates.create();
        Path ca = certificates.writeCaPem(WORK.resolve("ca.pem"));
        certificates.writeServerPem(WORK.resolve("facade.pem"), WORK.resolve("facade-key.pem"));
        Path tokenFile = Files.writeString(WORK.resolve("facade.token"), TOKEN + "\n");
        ServerTls tls = ServerTls.of(WORK.resolve("facade.pem"), WORK.resolve("facade-key.pem"), null, false, Map.of());
        int exit;
        try (FacadeServer facade = FacadeServer.start(config, FacadeGuards.DEFAULTS.withToken(FacadeToken.of(TOKEN)), tls, p -> { })) {
            URI target = URI.create("https://localhost:" + facade.port());
            FacadeAccess access = FacadeAccess.of(FacadeToken.of(TOKEN), ca, "--facade-ca");
            new CorpusLoader(target, access, line -> System.out.println("[swarm-it] " + line)).load(CORPUS);
            assertThat(new SearchWarmer(target, access, line -> System.out.println("[swarm-it] " + line))
                .warm(feeders, Duration.ofSeconds(20))).isPositive();
            exit = MailbenchMain.run("swarm-run", "--injectors", "" + INJECTORS, "--rate", "" + RATE, "--target", target.toString(),
                "--token-file", tokenFile.toString(), "--facade-ca", ca.toString(),
                "--image", IMAGE, "--out", WORK.resolve("ok").toString(), "--lead-seconds", "90",
                "-Dmailbench.corpus.messages=" + CORPUS.messages(), "-Dmailbench.corpus.users=" + CORPUS.users(),
                "-Dmailbench.warmup=5", "-Dmailbench.duration=20", "-Dmailbench.profiler=false",
                // the job is under test, not the host: a busy 2-core host must not fail the gate
                "-Dmailbench.assert.p99Ms=60000");
        }
        Path job = onlyChild(WORK.resolve("ok"));

        assertThat(exit).as("exit code (the gate passed); see " + job).isZero();
        List<Path> runs = new ArrayList<>();
        for (int index = 0; index < INJECTORS; index++) {
            runs.add(onlyChild(job.resolve("injectors").resolve("injector-" + index)));
            assertThat(job.resolve("logs").resolve("injector-" + index + ".log")).isNotEmptyFile();
        }
        long sum = 0;
        List<Instant> starts = new ArrayList<>();
        for (Path run : runs) {
            JsonNode record = Json.MAPPER.readTree(run.resolve("run.json").toFile());
            assertThat(record.at("/knobs/mailbench.rate").asText()).as("each injector's share").isEqualTo("" + RATE / INJECTORS);
            assertThat(record.at("/knobs/mailbench.facade.ca").asText()).as("the CA, mounted").isEqualTo("/run/mailbench/facade-ca.pem");
            sum += Json.MAPPER.readTree(run.resolve("summary.json").toFile()).at("/measured/requests").asLong();
            for (JsonNode event : record.get("timeline")) {
                if (event.get("event").asText().equals("load starting")) {
                    starts.add(Instant.parse(event.get("at").asText()));
                }
            }
        }
        JsonNode merged = Json.MAPPER.readTree(job.resolve("merged/summary.json").toFile());
        assertThat(merged.at("/measured/requests").asLong()).as("merged count = the injectors' sum").isEqualTo(sum).isPositive();
        assertThat(merged.at("/measured/ko").asLong()).as("every request through TLS checked against the CA, with the token").isZero();
        assertThat(starts).hasSize(INJECTORS);
        long spread = starts.stream().mapToLong(Instant::toEpochMilli).max().orElseThrow()
            - starts.stream().mapToLong(Instant::toEpochMilli).min().orElseThrow();
        assertThat(spread).as("the injectors' load starts, from their run.json: " + starts).isLessThanOrEqualTo(1_000);
        JsonNode record = Json.MAPPER.readTree(job.resolve("injectors.json").toFile());
        assertThat(record.get("loadStartSpreadMs").asLong()).isEqualTo(spread);
        assertThat(record.get("gate").asText()).isEqualTo("passed");
        assertNothingLeft(record.get("service").asText());
    }

    @Test
    void anInjectorThatFailsShouldFailTheJobNamingItAndKeepWhatWasWritten() throws Exception {
        // nothing listens there: every injector's target preflight fails
        exitAndNothingLeft(1, "http://127.0.0.1:9", IMAGE, WORK.resolve("failed"));
        Path job = onlyChild(WORK.resolve("failed"));
        assertThat(job.resolve("logs").resolve("injector-0.log")).isNotEmptyFile();
        assertThat(job.resolve("injectors").resolve("injector-0")).isDirectory();
        assertThat(job.resolve("merged")).doesNotExist();

        // refused before anything starts: nothing of the job's remains but its empty folder
        exitAndNothingLeft(2, "http://127.0.0.1:9", "mailbench-gatling:absent", WORK.resolve("no-image"));
    }

    private static void exitAndNothingLeft(int expected, String target, String image, Path out) throws Exception {
        int exit = MailbenchMain.run("swarm-run", "--injectors", "" + INJECTORS, "--rate", "" + RATE, "--target", target, "--image", image,
            "--out", out.toString(), "--lead-seconds", "20", "-Dmailbench.warmup=1", "-Dmailbench.duration=5", "-Dmailbench.profiler=false");
        assertThat(exit).isEqualTo(expected);
        assertThat(docker("service", "ls", "-q", "--filter", "label=mailbench.job").out).as("no job service left").isBlank();
        assertThat(docker("ps", "-aq", "--filter", "label=com.docker.swarm.service.name").out.lines()
            .filter(id -> docker("inspect", "--format", "{{index .Config.Labels \"com.docker.swarm.service.name\"}}", id.strip()).out
                .startsWith("mailbench-injectors-")).toList()).as("no job container left").isEmpty();
    }

    private static void assertNothingLeft(String service) {
        assertThat(docker("service", "ls", "-q", "--filter", "name=" + service).out).as("the service is removed").isBlank();
        assertThat(docker("ps", "-aq", "--filter", "label=com.docker.swarm.service.name=" + service).out)
            .as("no task container remains").isBlank();
    }

    private static Path onlyChild(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            List<Path> all = children.filter(Files::isDirectory).toList();
            assertThat(all).as("one folder in " + dir).hasSize(1);
            return all.get(0);
        }
    }

    private record Result(int exit, String out) {
    }

    private static Result docker(String... args) {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(process.exitValue(), out);
        } catch (IOException e) {
            return new Result(-1, "no docker command: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }
}
