package mailbench.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.cli.MailbenchMain;
import mailbench.facade.FacadeToken;
import mailbench.json.Json;
import mailbench.knobs.Knob;
import mailbench.knobs.Knobs;
import picocli.CommandLine;

/**
 * What the syntax check of docker/ in .ci/run cannot see without a Docker engine: that the Dockerfile
 * copies what the build makes, that the compose wiring works together (PID namespace, shared paths,
 * token, ports) and that docs/docker.adoc describes the files as they are.
 */
class DockerFilesTest {

    static final Path ROOT = Path.of("").toAbsolutePath();
    static final List<String> SERVICES = List.of("opensearch", "facade", "profiler", "loader", "injector");

    static Dockerfile dockerfile;
    static ComposeFile compose;
    static Document pom;

    @BeforeAll
    static void read() throws Exception {
        dockerfile = Dockerfile.read(ROOT.resolve("docker/Dockerfile"));
        compose = ComposeFile.read(ROOT.resolve("docker/compose.yml"));
        pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
    }

    static String pomValue(String xpath) throws Exception {
        return XPathFactory.newInstance().newXPath().evaluate(xpath, pom).strip().replace("${project.build.directory}", "target");
    }

    @Nested
    class TheDockerfile {

        @Test
        void everyInstructionShouldBeOneDockerKnowsWithJsonExecForms() throws IOException {
            for (Dockerfile.Instruction instruction : dockerfile.instructions()) {
                assertThat(Dockerfile.INSTRUCTIONS).as("line %d", instruction.line()).contains(instruction.keyword());
                if (instruction.arguments().startsWith("[")) {
                    JsonNode exec = Json.MAPPER.readTree(instruction.arguments());
                    assertThat(exec.isArray() && exec.size() > 0).as("line %d: a JSON array", instruction.line()).isTrue();
                    exec.forEach(word -> assertThat(word.isTextual()).as("line %d: strings only", instruction.line()).isTrue());
                }
            }
        }

        @Test
        void copiesFromTheContextShouldNameRepositoryFilesThatDockerignoreKeeps() throws IOException {
            DockerIgnore ignore = DockerIgnore.read(ROOT.resolve(".dockerignore"));
            List<String> sources = contextSources(dockerfile);
            assertThat(sources).contains("pom.xml", "src/", "feeders/");
            for (String source : sources) {
                assertThat(ROOT.resolve(source)).as("COPY source %s", source).exists();
                assertThat(ignore.sends(source)).as("COPY source %s is sent to the builder", source).isTrue();
            }
            for (String kept : List.of("target/classes", "target/gatling", "target/mailbench-stack", "reports/x", ".git/config")) {
                assertThat(ignore.sends(kept)).as("build output and run folders stay out of the build context: %s", kept).isFalse();
            }
        }

        @Test
        void baseImagesShouldBeBuildArgumentsWhoseDefaultsAreTheOfficialImages() {
            assertThat(dockerfile.args()).containsExactly(Map.entry("BUILD_IMAGE", "maven:3.9-eclipse-temurin-17"),
                Map.entry("RUNTIME_IMAGE", "eclipse-temurin:17-jre"));
            assertThat(dockerfile.stage("build").base()).isEqualTo(dockerfile.args().get("BUILD_IMAGE"));
            assertThat(dockerfile.stage("runtime").base()).isEqualTo(dockerfile.args().get("RUNTIME_IMAGE"));
            // plain mvn on any base: the official image's MAVEN_CONFIG (~/.m2) would reach mvn's command line as a goal
            assertThat(dockerfile.stage("injector").all("ENV")).extracting(Dockerfile.Instruction::arguments).contains("MAVEN_CONFIG=");
        }

        @Test
        void copiesFromTheBuildStageShouldNameWhatMavenPackageMakes() throws Exception {
            Dockerfile.Stage runtime = dockerfile.stage("runtime");
            String built = dockerfile.workdir("build") + "/";
            Set<String> made = Set.of(built + "target/" + pomValue("/project/build/finalName") + ".jar",
                built + pomValue("//execution[id='jar-libraries']/configuration/outputDirectory") + "/");
            Set<String> copied = runtime.all("COPY").stream().filter(copy -> copy.arguments().startsWith("--from=build "))
                .map(copy -> copy.words().get(1)).collect(Collectors.toSet());
            assertThat(copied).isEqualTo(made);
            assertThat(dockerfile.stages().indexOf(dockerfile.stage("build"))).isLessThan(dockerfile.stages().indexOf(runtime));
        }

        @Test
        void theDefaultStageShouldRunTheCopiedJarBesideItsLibraries() throws Exception {
            Dockerfile.Stage last = dockerfile.stages().get(dockerfile.stages().size() - 1);
            assertThat(last.name()).isEqualTo("runtime");
            JsonNode entrypoint = Json.MAPPER.readTree(last.all("ENTRYPOINT").get(0).arguments());
            String jar = entrypoint.get(indexOf(entrypoint, "-jar") + 1).asText();
            Map<String, String> destinations = last.all("COPY").stream()
                .collect(Collectors.toMap(copy -> copy.words().get(1), copy -> copy.words().get(2)));
            assertThat(destinations).containsValue(jar);
            String libraries = Path.of(jar).getParent() + "/" + pomValue("//manifest/classpathPrefix");
            assertThat(destinations.get(dockerfile.workdir("build") + "/target/lib/")).isEqualTo(libraries);
            assertThat(entrypoint.toString()).as("exact stacks for the profiler").contains("-XX:+DebugNonSafepoints");
            assertThat(entrypoint.toString()).as("a supervisor restarts a JVM out of memory").contains("-XX:+ExitOnOutOfMemoryError");
            assertThat(last.all("CMD").get(0).arguments()).as("no open facade by default").doesNotContain("--insecure-open")
                .as("HTTPS by default").contains("\"--tls-cert\"", "\"--tls-key\"").doesNotContain("--allow-token-over-http");
        }

        static List<String> contextSources(Dockerfile file) {
            List<String> sources = new ArrayList<>();
            for (Dockerfile.Stage stage : file.stages()) {
                stage.all("COPY").stream().filter(copy -> !copy.arguments().startsWith("--from=")).forEach(copy -> {
                    List<String> words = copy.words();
                    sources.addAll(words.subList(0, words.size() - 1));
                });
            }
            return sources;
        }

        static int indexOf(JsonNode array, String word) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).asText().equals(word)) {
                    return i;
                }
            }
            throw new AssertionError("no " + word + " in " + array);
        }
    }

    @Nested
    class TheComposeFile {

        @Test
        void servicesShouldBeTheOnesTheDocsDescribe() {
            assertThat(compose.services().keySet()).containsExactlyInAnyOrderElementsOf(SERVICES);
        }

        @Test
        void opensearchShouldBeTheOfficialImageAtTheEmbeddedVersionOnPlainHttp() throws Exception {
            Map<String, Object> opensearch = compose.service("opensearch");
            assertThat(ComposeFile.withDefaults(opensearch.get("image").toString()))
                .isEqualTo("opensearchproject/opensearch:" + pomValue("/project/properties/opensearch.version"));
            Map<String, Object> environment = ComposeFile.map(opensearch, "environment");
            assertThat(environment).containsEntry("discovery.type", "single-node").containsEntry("DISABLE_SECURITY_PLUGIN", "true");
            assertThat(ComposeFile.option(compose.words("facade", "command"), "--opensearch")).isEqualTo("http://opensearch:9200");
        }

        @Test
        void hostPortsShouldListenOnLoopbackOnly() {
            for (String service : SERVICES) {
                assertThat(compose.hostPorts(service)).as(service).allMatch(port -> port.startsWith("127.0.0.1:"));
            }
            assertThat(compose.hostPorts("opensearch")).containsExactly("127.0.0.1:9200:9200");
            assertThat(compose.hostPorts("facade")).containsExactly("127.0.0.1:8080:" + facadePort());
            // on all interfaces of the compose network with a token over plain HTTP: said explicitly, or the facade and the
            // sidecar refuse to start; never open without a token
            assertThat(compose.words("facade", "command")).contains("--allow-token-over-http").doesNotContain("--insecure-open");
            assertThat(compose.words("profiler", "command")).contains("--allow-token-over-http");
            for (String client : List.of("facade", "loader", "injector")) {
                assertThat(ComposeFile.map(compose.service(client), "environment")).as(client).containsKey(FacadeToken.ENV);
            }
            assertThat(compose.hostPorts("profiler")).containsExactly("127.0.0.1:7070:" + profilerPort());
        }

        @Test
        void profilerShouldAttachToThePidOneOfTheFacadeWithPtraceAndNothingMore() {
            Map<String, Object> profiler = compose.service("profiler");
            assertThat(profiler.get("pid")).isEqualTo("service:facade");
            assertThat(ComposeFile.list(profiler, "cap_add")).containsExactly("SYS_PTRACE");
            assertThat(profiler).doesNotContainKeys("privileged", "security_opt");
            assertThat(compose.words("profiler", "command")).startsWith("profiler", "serve");
            assertThat(ComposeFile.option(compose.words("profiler", "command"), "--pid")).isEqualTo("1");
            // PID 1 is the facade JVM only if the image starts java itself, with no shell or init in front of it
            assertThat(compose.service("facade")).doesNotContainKeys("init", "entrypoint");
            assertThat(dockerfile.stage("runtime").all("ENTRYPOINT").get(0).arguments()).startsWith("[\"java\"");
            assertThat(ComposeFile.option(compose.words("profiler", "command"), "--host")).isEqualTo("0.0.0.0");
        }

        @Test
        void theFacadeJvmShouldFindTheAgentTheJfrFolderAndTheAttachSocketAtTheSidecarsPaths() {
            List<String> command = compose.words("profiler", "command");
            for (String path : List.of(ComposeFile.option(command, "--library-dir"), ComposeFile.option(command, "--out"), "/tmp")) {
                ComposeFile.Mount sidecars = compose.mountHolding("profiler", path).orElseThrow(() -> new AssertionError(path + " is not a volume"));
                assertThat(sidecars.named()).as(path).isTrue();
                assertThat(compose.mountHolding("facade", path)).as(path).contains(sidecars);
                assertThat(ComposeFile.map(compose.root(), "volumes")).containsKey(sidecars.source());
            }
        }

        @Test
        void injectorShouldDriveTheFacadeWithTheSidecarsUrlAndToken() {
            List<String> entrypoint = compose.words("injector", "entrypoint");
            assertThat(entrypoint).contains("mvn", "gatling:test");
            Set<String> knobs = Knobs.KNOBS.stream().map(Knob::name).collect(Collectors.toSet());
            entrypoint.stream().filter(word -> word.startsWith("-Dmailbench.")).map(word -> word.substring(2, word.indexOf('=')))
                .forEach(name -> assertThat(knobs).as("a knob of Knobs").contains(name));
            assertThat(URI.create(ComposeFile.option(entrypoint, "-D" + Knobs.TARGET.name())))
                .isEqualTo(URI.create("http://facade:" + facadePort()));
            assertThat(URI.create(ComposeFile.option(entrypoint, "-D" + Knobs.PROFILER_URL.name())))
                .isEqualTo(URI.create("http://profiler:" + profilerPort()));
            String token = ComposeFile.option(entrypoint, "-D" + Knobs.PROFILER_TOKEN_FILE.name());
            assertThat(token).isEqualTo(ComposeFile.option(compose.words("profiler", "command"), "--out") + "/token");
            ComposeFile.Mount injectors = compose.mountHolding("injector", token).orElseThrow();
            assertThat(injectors.readOnly()).isTrue();
            assertThat(injectors.source()).isEqualTo(compose.mountHolding("profiler", token).orElseThrow().source());
            assertThat(ComposeFile.option(compose.words("loader", "command"), "--facade")).isEqualTo("http://facade:" + facadePort());
        }

        @Test
        void runFoldersShouldLandInTheRepositorysReportsFolder() {
            String reports = dockerfile.workdir("injector") + "/" + Knobs.REPORTS.defaultValue();
            ComposeFile.Mount mount = compose.mountHolding("injector", reports).orElseThrow(() -> new AssertionError(reports + " is not mounted"));
            assertThat(mount.target()).isEqualTo(reports);
            assertThat(mount.named()).isFalse();
            assertThat(compose.dir().resolve(mount.source()).normalize()).isEqualTo(ROOT.resolve("reports"));
        }

        @Test
        void commandsShouldParseAsMailbenchCommands() {
            for (String service : List.of("facade", "profiler", "loader")) {
                List<String> command = compose.words(service, "command");
                assertThatCode(() -> new CommandLine(MailbenchMain.class).parseArgs(command.toArray(String[]::new)))
                    .as("%s: %s", service, command).doesNotThrowAnyException();
            }
        }

        @Test
        void buildsShouldNameTheRepositoryAndStagesOfTheDockerfile() {
            Set<String> stages = dockerfile.stages().stream().map(Dockerfile.Stage::name).collect(Collectors.toSet());
            for (String service : SERVICES) {
                Object build = compose.service(service).get("build");
                if (build == null) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> settings = (Map<String, Object>) build;
                Path context = compose.dir().resolve(settings.get("context").toString()).normalize();
                assertThat(context).as(service).isEqualTo(ROOT);
                assertThat(context.resolve(settings.get("dockerfile").toString())).as(service).isRegularFile();
                assertThat(stages).as(service).contains(settings.get("target").toString());
                // the base images as the Dockerfile's defaults unless the shell names others (a host without a registry)
                Map<String, Object> args = ComposeFile.map(settings, "args");
                args.forEach((name, value) -> assertThat(ComposeFile.withDefaults(value.toString())).as("%s %s", service, name)
                    .isEqualTo(dockerfile.args().get(name)));
            }
        }

        @Test
        void aServiceOthersWaitOnToBeHealthyShouldHaveAHealthcheck() {
            for (String service : SERVICES) {
                Object dependsOn = compose.service(service).get("depends_on");
                if (!(dependsOn instanceof Map<?, ?> dependencies)) {
                    continue;
                }
                dependencies.forEach((name, condition) -> {
                    if (condition.toString().contains("service_healthy")) {
                        assertThat(compose.service(name.toString())).as("%s waits on %s", service, name).containsKey("healthcheck");
                    }
                });
            }
        }

        private static String facadePort() {
            return ComposeFile.option(compose.words("facade", "command"), "--port");
        }

        private static String profilerPort() {
            return ComposeFile.option(compose.words("profiler", "command"), "--port");
        }
    }

    @Nested
    class TheDockerChapter {

        @Test
        void dockerChapterShouldNameWhatTheComposeFileDoes() throws IOException {
            String section = Files.readString(ROOT.resolve("docs/docker.adoc"));
            SERVICES.forEach(service -> assertThat(section).contains("`" + service + "`"));
            for (String service : SERVICES) {
                compose.hostPorts(service).forEach(port -> assertThat(section).contains(port.substring(0, port.lastIndexOf(':'))));
            }
            assertThat(section).contains("SYS_PTRACE", "service:facade", "docker-compose -f docker/compose.yml config -q");
        }
    }
}
