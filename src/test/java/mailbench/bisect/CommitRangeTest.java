package mailbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.errors.ToolError;
import mailbench.nightly.Git;

/** The commits a bisection walks, read from a temporary repository with a merged branch: first parents only. */
class CommitRangeTest {

    @TempDir
    Path repo;

    /** main: m0 - m1 - merge(m1, b1) - m2; the branch: m0 - b1. */
    private final List<String> main = new ArrayList<>();
    private String branch;
    private String merge;

    @BeforeEach
    void aHistoryWithAMerge() {
        git("init", "-q", "-b", "main");
        main.add(commit("m0"));
        main.add(commit("m1"));
        git("checkout", "-q", "-b", "side", main.get(0));
        branch = commit("b1");
        git("checkout", "-q", "main");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "merge", "-q", "--no-ff", "-m", "merge", "side");
        merge = git("rev-parse", "HEAD");
        main.add(commit("m2"));
    }

    @Test
    void shouldListTheFirstParentLineAfterTheGoodCommitUpToTheBadOneOldestFirst() {
        CommitRange range = CommitRange.read(repo, main.get(0), main.get(2));

        assertThat(range.commits()).containsExactly(main.get(1), merge, main.get(2)).doesNotContain(branch);
        assertThat(range.at(0)).isEqualTo(main.get(0));
        assertThat(range.bad()).isEqualTo(main.get(2));
    }

    @Test
    void aBaselineThatIsNoAncestorOfTheBadCommitShouldBeRefusedWithTheFix() {
        assertThatThrownBy(() -> CommitRange.read(repo, main.get(2), main.get(0))).isInstanceOf(ToolError.class)
            .hasMessageContaining("is not an ancestor of --bad-commit").hasMessageContaining("git log --first-parent");
    }

    @Test
    void aBaselineThatCameInThroughAMergeShouldBeRefusedWithTheFix() {
        assertThatThrownBy(() -> CommitRange.read(repo, branch, main.get(2))).isInstanceOf(ToolError.class)
            .hasMessageContaining("is not on the first-parent line").hasMessageContaining("the merge's first parent");
    }

    @Test
    void theSameCommitAtBothEndsShouldBeNothingToBisect() {
        assertThatThrownBy(() -> CommitRange.read(repo, main.get(1), main.get(1))).isInstanceOf(ToolError.class)
            .hasMessageContaining("nothing to bisect");
    }

    private String commit(String message) {
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", message);
        return git("rev-parse", "HEAD");
    }

    private String git(String... args) {
        return Git.run(repo, args).require("git " + String.join(" ", args));
    }

    @Test
    void aMissingFolderShouldBeAToolErrorNotAStackTrace() {
        assertThatThrownBy(() -> CommitRange.read(repo.resolve("gone"), main.get(0), main.get(2))).isInstanceOf(ToolError.class)
            .hasMessageContaining("git merge-base --is-ancestor").hasMessageContaining("failed");
    }
}
