package mailbench.docker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mailbench.cli.MailbenchMain;
import picocli.CommandLine;

/**
 * docker/prebuilt.Dockerfile against what the build makes and against docker/Dockerfile: the images assembled from
 * the host's jar are the same images as those built from the sources. FacadeContainerIT builds and starts the node
 * stage for real where an engine runs; this checks what holds everywhere.
 */
class PrebuiltImagesTest {

    static final Path ROOT = Path.of("").toAbsolutePath();

    static Dockerfile prebuilt;
    static Dockerfile fromSources;

    @BeforeAll
    static void read() throws Exception {
        DockerFilesTest.read();
        prebuilt = Dockerfile.read(ROOT.resolve("docker/prebuilt.Dockerfile"));
        fromSources = Dockerfile.read(ROOT.resolve("docker/Dockerfile"));
    }

    @Test
    void itShouldCopyWhatPackageAndNodeLibMakeAndDockerignoreSends() throws Exception {
        DockerIgnore ignore = DockerIgnore.read(ROOT.resolve(".dockerignore"));
        String nodeLib = new CommandLine(MailbenchMain.class).getSubcommands().get("node-lib").getCommandSpec()
            .findOption("--out").defaultValue();
        Set<String> made = Set.of("target/" + DockerFilesTest.pomValue("/project/build/finalName") + ".jar",
            DockerFilesTest.pomValue("//execution[id='jar-libraries']/configuration/outputDirectory") + "/", nodeLib + "/");
        List<String> sources = DockerFilesTest.TheDockerfile.contextSources(prebuilt);
        assertThat(Set.copyOf(sources)).isEqualTo(made);
        sources.forEach(source -> assertThat(ignore.sends(source)).as("%s is sent to the builder", source).isTrue());
    }

    @Test
    void itsRuntimeStageShouldBeTheSourceBuildsRuntimeStage() {
        Dockerfile.Stage ours = prebuilt.stage("runtime");
        Dockerfile.Stage theirs = fromSources.stage("runtime");
        assertThat(prebuilt.stages().get(prebuilt.stages().size() - 1)).as("the default stage").isEqualTo(ours);
        assertThat(ours.base()).isEqualTo(theirs.base()).isEqualTo("eclipse-temurin:17-jre");
        for (String keyword : List.of("RUN", "USER", "WORKDIR", "EXPOSE", "ENTRYPOINT", "CMD")) {
            assertThat(ours.all(keyword)).extracting(Dockerfile.Instruction::arguments).as(keyword)
                .isEqualTo(theirs.all(keyword).stream().map(Dockerfile.Instruction::arguments).toList());
        }
        Map<String, String> built = theirs.all("COPY").stream()
            .collect(Collectors.toMap(copy -> copy.words().get(2), copy -> copy.words().get(1).replace(fromSources.workdir("build") + "/", "")));
        Map<String, String> copied = ours.all("COPY").stream().collect(Collectors.toMap(copy -> copy.words().get(1), copy -> copy.words().get(0)));
        assertThat(copied).as("destination -> source").isEqualTo(built);
    }

    @Test
    void theNodeStageShouldRunTheEmbeddedNodeOnItsCopiedJarsOnAllInterfacesAtTheOfficialPaths() throws IOException {
        Dockerfile.Stage node = prebuilt.stage("node");
        assertThat(node.base()).isEqualTo(prebuilt.args().get("RUNTIME_IMAGE"));
        String entrypoint = node.all("ENTRYPOINT").get(0).arguments();
        assertThat(entrypoint).contains("exec java $OPENSEARCH_JAVA_OPTS", "mailbench.node.EmbeddedNodeMain /usr/share/opensearch 9200 ",
            "-Dmailbench.node.setting.network.host=0.0.0.0");
        for (Dockerfile.Instruction copy : node.all("COPY")) {
            String destination = copy.words().get(1);
            assertThat(entrypoint).as("the classpath holds %s", destination)
                .contains(destination.endsWith("/") ? destination + "*" : destination);
        }
        assertThat(node.all("EXPOSE")).extracting(Dockerfile.Instruction::arguments).containsExactly("9200");
        assertThat(node.all("USER")).extracting(Dockerfile.Instruction::arguments).doesNotContain("root").isNotEmpty();
        // the compose volume of the official image's data folder fits this image too
        assertThat(ComposeFile.read(ROOT.resolve("docker/compose.yml")).mountHolding("opensearch", "/usr/share/opensearch/data"))
            .isPresent();
        assertThat(node.all("RUN").get(0).arguments()).contains("/usr/share/opensearch/data");
    }
}
