package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.errors.ToolError;

/** The commit pinning on a temporary git repository: resolve, clone once, reuse, compile; no load. */
class BaselineCheckoutTest {

    @TempDir
    Path dir;

    private Path repo;
    private String first;
    private String second;
    private String maven;

    @BeforeEach
    void aRepositoryWithTwoCommits() throws Exception {
        repo = Files.createDirectories(dir.resolve("checkout"));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("pom.xml"), "<project>first</project>");
        git(repo, "add", "pom.xml");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first");
        first = git(repo, "rev-parse", "HEAD");
        Files.writeString(repo.resolve("pom.xml"), "<project>second</project>");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-am", "second");
        second = git(repo, "rev-parse", "HEAD");
        Path script = dir.resolve("fake-mvn");
        Files.writeString(script, "#!/bin/sh\necho \"$PWD $*\" >> " + dir.resolve("maven-calls") + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        maven = script.toString();
    }

    @Test
    void shouldResolveShasTagsAndBranchesToTheFullCommit() {
        assertThat(BaselineCheckout.resolve(repo, first.substring(0, 8))).isEqualTo(first);
        assertThat(BaselineCheckout.resolve(repo, "HEAD~1")).isEqualTo(first);
        assertThat(BaselineCheckout.resolve(repo, "HEAD")).isEqualTo(second);
        assertThat(BaselineCheckout.describeHead(repo)).isEqualTo(second);
    }

    @Test
    void anUnknownCommitShouldBeAToolErrorThatNamesShallowClones() {
        assertThatThrownBy(() -> BaselineCheckout.resolve(repo, "0123456789abcdef")).isInstanceOf(ToolError.class)
            .hasMessageContaining("is not a commit of").hasMessageContaining("fetch-depth: 0");
        assertThatThrownBy(() -> BaselineCheckout.resolve(repo, "--all")).isInstanceOf(ToolError.class);
        assertThatThrownBy(() -> BaselineCheckout.describeHead(dir)).isInstanceOf(ToolError.class).hasMessageContaining("not a git checkout");
    }

    @Test
    void shouldCloneTheCommitOnceCompileItAndReuseItOnTheNextNight() throws Exception {
        List<String> said = new ArrayList<>();
        Path builds = dir.resolve("builds");

        Path checkout = BaselineCheckout.prepare(repo, first, builds, maven, dir.resolve("logs/build.log"), said::add);
        assertThat(checkout).isEqualTo(builds.toAbsolutePath().resolve(first));
        assertThat(Files.readString(checkout.resolve("pom.xml"))).isEqualTo("<project>first</project>");
        assertThat(git(checkout, "rev-parse", "HEAD")).isEqualTo(first);

        BaselineCheckout.prepare(repo, first, builds, maven, dir.resolve("logs/build.log"), said::add);
        assertThat(said).anyMatch(line -> line.contains("cloning")).anyMatch(line -> line.endsWith("is reused"));
        assertThat(Files.readAllLines(dir.resolve("maven-calls"))).hasSize(2)
            .allMatch(call -> call.startsWith(checkout + " ") && call.endsWith("-B -ntp -q test-compile -DsimulationsOnly=true"));
    }

    @Test
    void aBaselineThatPredatesDuetsShouldBeRefusedFromItsSourcesBeforeAnyBuild() throws Exception {
        assertThatThrownBy(() -> BaselineCheckout.requireKnows(repo, first, true, true)).isInstanceOf(ToolError.class)
            .hasMessageContaining("predates duets").hasMessageContaining("c1f64f2").hasMessageContaining("--design interleaved");
        assertThatThrownBy(() -> BaselineCheckout.requireKnows(repo, first, false, true)).isInstanceOf(ToolError.class)
            .hasMessageContaining("predates the shared node").hasMessageContaining("a6f20d4");
        BaselineCheckout.requireKnows(repo, first, false, false);
        assertThat(dir.resolve("maven-calls")).doesNotExist();
    }

    @Test
    void aBaselineThatKeepsAgreedStartsShouldBeAccepted() throws Exception {
        Path sources = Files.createDirectories(repo.resolve("src/main/java/x"));
        Files.writeString(sources.resolve("Knobs.java"), "class Knobs { String node = \"mailbench.stack.opensearch\"; }");
        Files.writeString(sources.resolve("Start.java"), "class Start { String said = \"waiting 3 s for the agreed start\"; }");
        git(repo, "add", "src");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "duets");
        String duets = git(repo, "rev-parse", "HEAD");

        BaselineCheckout.requireKnows(repo, duets, true, true);
    }

    @Test
    void whetherACommitCountsItsRequestPathShouldBeReadFromItsSources() throws Exception {
        assertThat(BaselineCheckout.measuresRequestPath(repo, first)).isFalse();
        Path sources = Files.createDirectories(repo.resolve("src/main/java/x"));
        Files.writeString(sources.resolve("FacadeSection.java"), "class FacadeSection { String key = \"requestPathCpuMsPerRequest\"; }");
        git(repo, "add", "src");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "request path");

        assertThat(BaselineCheckout.measuresRequestPath(repo, git(repo, "rev-parse", "HEAD"))).isTrue();
        assertThat(BaselineCheckout.measuresRequestPath(repo, "HEAD")).isTrue();
        assertThat(BaselineCheckout.measuresRequestPath(repo, second)).isFalse();
    }

    @Test
    void aLocalChangeShouldBeNamedInTonightsCommit() throws Exception {
        Files.writeString(repo.resolve("pom.xml"), "<project>edited</project>");
        assertThat(BaselineCheckout.describeHead(repo)).isEqualTo(second + " with local changes");
    }

    @Test
    void aFailedCompileShouldNameItsLog() throws Exception {
        Path failing = dir.resolve("failing-mvn");
        Files.writeString(failing, "#!/bin/sh\necho compile error\nexit 1\n");
        Files.setPosixFilePermissions(failing, PosixFilePermissions.fromString("rwx------"));
        Path log = dir.resolve("logs/failed.log");
        assertThatThrownBy(() -> BaselineCheckout.compile(repo, failing.toString(), log, line -> { })).isInstanceOf(ToolError.class)
            .hasMessageContaining("mvn test-compile failed in").hasMessageContaining(log.toString());
        assertThat(Files.readString(log)).contains("compile error");
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes()).strip();
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }
}
