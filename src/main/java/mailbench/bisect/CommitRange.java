package mailbench.bisect;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

import mailbench.errors.ToolError;
import mailbench.nightly.Git;

/**
 * The commits a bisection walks: the first-parent line after the good commit up to the bad one, oldest first. The good
 * commit is left out (the night measured it: it is the baseline), the bad one is in (the night measured it too, but it
 * may be the culprit). Position 0 is the good commit, positions 1 to {@link #size()} the candidates, the last the bad one.
 * First parents only: a merge is one candidate, as the line that was built and run had it.
 */
public record CommitRange(String good, List<String> commits) {

    public CommitRange {
        commits = List.copyOf(commits);
        if (commits.isEmpty()) {
            throw new ToolError("nothing to bisect: the bad commit is the good one (" + good + "); give a --baseline-commit older than"
                + " --bad-commit, such as the baseline of the night that found the regression");
        }
        if (commits.contains(good) || new HashSet<>(commits).size() != commits.size()) {
            throw new ToolError("the commits between " + good + " and " + commits.get(commits.size() - 1) + " repeat themselves or"
                + " hold the good commit: give them oldest first, each once, the good one left out");
        }
    }

    /** How many commits may be the culprit. */
    public int size() {
        return commits.size();
    }

    /** The commit at {@code position}: 0 the good one, 1 to size() the candidates. */
    public String at(int position) {
        return position == 0 ? good : commits.get(position - 1);
    }

    public String bad() {
        return commits.get(commits.size() - 1);
    }

    /** The candidates after position {@code after} up to position {@code upTo}, both positions as {@link #at}. */
    public List<String> between(int after, int upTo) {
        return commits.subList(after, upTo);
    }

    /** The first-parent line of {@code projectDir} from {@code good} to {@code bad} (full ids); a ToolError naming the fix. */
    public static CommitRange read(Path projectDir, String good, String bad) {
        Git.Result ancestor = Git.run(projectDir, "merge-base", "--is-ancestor", good, bad);
        if (ancestor.exit() == 1) {
            throw new ToolError("--baseline-commit " + good + " is not an ancestor of --bad-commit " + bad + ": a bisection walks the"
                + " history from the good commit to the bad one; give a baseline that the bad commit's history holds (git log"
                + " --first-parent " + abbreviated(bad) + " lists them)");
        }
        ancestor.require("git merge-base --is-ancestor " + good + " " + bad);
        String lines = Git.run(projectDir, "rev-list", "--first-parent", "--reverse", good + ".." + bad)
            .require("git rev-list --first-parent " + good + ".." + bad);
        CommitRange range = new CommitRange(good, lines.isEmpty() ? List.of() : List.of(lines.split("\\s+")));
        String parent = Git.run(projectDir, "rev-parse", range.at(1) + "^").require("git rev-parse " + range.at(1) + "^");
        if (!parent.equals(good)) {
            throw new ToolError("--baseline-commit " + good + " is not on the first-parent line of " + bad + " (it came in through a"
                + " merge): give a baseline that git log --first-parent " + abbreviated(bad) + " lists, such as the merge's first"
                + " parent");
        }
        return range;
    }

    /** A commit as the progress lines name it. */
    public static String abbreviated(String sha) {
        return sha.length() > 7 ? sha.substring(0, 7) : sha;
    }
}
