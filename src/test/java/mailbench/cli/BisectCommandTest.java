package mailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.nightly.Git;

/** {@code mailbench bisect} refusing what it cannot bisect: exit 2, one line that names the fix, nothing built or run. */
class BisectCommandTest {

    @TempDir
    Path dir;

    private Path repo;
    private final List<String> commits = new ArrayList<>();

    @BeforeEach
    void aRepositoryOfThreeCommits() throws Exception {
        repo = Files.createDirectories(dir.resolve("checkout"));
        git("init", "-q");
        for (int i = 0; i < 3; i++) {
            git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "commit " + i);
            commits.add(git("rev-parse", "HEAD"));
        }
    }

    /** The command with a checkout, folders and a Maven that would fail at once, should anything get that far. */
    private MailbenchMainTest.Outcome bisect(String... args) {
        List<String> all = new ArrayList<>(List.of("bisect", "--project-dir", repo.toString(), "--out", dir.resolve("out").toString(),
            "--builds", dir.resolve("builds").toString(), "--maven", "false"));
        all.addAll(List.of(args));
        return MailbenchMainTest.run(all.toArray(String[]::new));
    }

    private void assertRefused(MailbenchMainTest.Outcome outcome, String... reasons) {
        assertThat(outcome.exit()).as(outcome.console()).isEqualTo(2);
        assertThat(outcome.console()).startsWith("error: ").contains(reasons).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(dir.resolve("out")).doesNotExist();
        assertThat(dir.resolve("builds")).doesNotExist();
    }

    @Test
    void withoutTheChangeToLookForItShouldNameBothWaysToGiveIt() {
        assertRefused(bisect("--baseline-commit", commits.get(0)), "--night <a night's folder>", "--effect and --spread");
        assertRefused(bisect("--baseline-commit", commits.get(0), "--effect", "5"), "--effect and --spread");
        assertRefused(bisect("--night", dir.toString(), "--effect", "5", "--spread", "3"), "not both");
    }

    @Test
    void aFolderWithoutANightShouldBeNamed() {
        assertRefused(bisect("--night", dir.toString()), "no night.json in " + dir, "--effect and --spread");
    }

    @Test
    void aChangeThatIsNoRegressionShouldBeNothingToBisect() {
        assertRefused(bisect("--baseline-commit", commits.get(0), "--effect", "-2", "--spread", "3"), "not worse, nothing to bisect");
        assertRefused(bisect("--baseline-commit", commits.get(0), "--effect", "5", "--spread", "0"), "positive --spread");
    }

    @Test
    void badOptionsShouldNameTheirRange() {
        assertRefused(bisect("--baseline-commit", commits.get(0), "--effect", "5", "--spread", "3", "--metric", "speed"),
            "--metric must be one of", "processCpuMsPerRequest");
        assertRefused(bisect("--baseline-commit", commits.get(0), "--effect", "5", "--spread", "3", "--min-pairs", "3"),
            "--min-pairs must be between 5");
        assertRefused(bisect("--baseline-commit", commits.get(0), "--effect", "5", "--spread", "3", "--design", "solo"),
            "--design must be duet or interleaved");
        assertRefused(bisect("--baseline-commit", commits.get(0), "--effect", "5", "--spread", "3", "-Dmailbench.startAt=1"),
            "set by the night");
    }

    @Test
    void commitsTheHistoryCannotWalkShouldBeRefusedWithTheFix() {
        assertRefused(bisect("--effect", "5", "--spread", "3"), "--baseline-commit is needed");
        assertRefused(bisect("--baseline-commit", "0123456789abcdef", "--effect", "5", "--spread", "3"),
            "--baseline-commit 0123456789abcdef is not a commit of");
        assertRefused(bisect("--baseline-commit", commits.get(0), "--bad-commit", "nope", "--effect", "5", "--spread", "3"),
            "--bad-commit nope is not a commit of");
        assertRefused(bisect("--baseline-commit", commits.get(2), "--bad-commit", commits.get(0), "--effect", "5", "--spread", "3"),
            "is not an ancestor of --bad-commit", "git log --first-parent");
        assertRefused(bisect("--baseline-commit", "HEAD", "--effect", "5", "--spread", "3"), "nothing to bisect");
    }

    @Test
    void helpShouldNameTheOptionsAndTheExitCodes() {
        MailbenchMainTest.Outcome outcome = MailbenchMainTest.run("bisect", "--help");

        assertThat(outcome.exit()).isZero();
        assertThat(outcome.out().replaceAll("\\s+", " ")).contains("--baseline-commit", "--bad-commit", "--night", "--effect", "--spread",
            "--metric", "--max-pairs", "--design", "Exit code: 0 the culprit named and confirmed, 3 no culprit confirmed");
    }

    private String git(String... args) {
        return Git.run(repo, args).require("git " + String.join(" ", args));
    }
}
