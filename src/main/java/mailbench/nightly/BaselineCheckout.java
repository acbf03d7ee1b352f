package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import mailbench.errors.ToolError;

/**
 * A commit of tonight's checkout as a checkout of its own (the pinned baseline, or a commit a bisection tests): cloned
 * from tonight's checkout into the builds folder once per commit (a folder named by the full commit id, reused by later
 * nights) and compiled before the first pair, so no pair pays for a build. A clone, not a worktree: the build records
 * the revision it was built from, and in a worktree it records the main checkout's (git-commit-id-maven-plugin #882).
 */
public final class BaselineCheckout {

    /** The pom property that builds only what a run needs (pom.xml says why). */
    static final String SIMULATIONS_ONLY = "simulationsOnly";

    private BaselineCheckout() {
    }

    /** The full id of {@code commit} (a sha, tag or branch) in {@code projectDir}, or a ToolError with the fix. */
    static String resolve(Path projectDir, String commit) {
        return resolve(projectDir, commit, "--baseline-commit");
    }

    /** The same, for the commit {@code option} names. */
    public static String resolve(Path projectDir, String commit, String option) {
        if (commit == null || commit.isBlank() || commit.startsWith("-")) {
            throw new ToolError(option + " needs a commit of " + projectDir + " (a sha, tag or branch), got '" + commit + "'");
        }
        Git.Result result = Git.run(projectDir, "rev-parse", "--verify", "--quiet", commit + "^{commit}");
        if (result.exit() != 0) {
            throw new ToolError(option + " " + commit + " is not a commit of " + projectDir.toAbsolutePath()
                + " (a shallow clone has no history: fetch it, e.g. git fetch --unshallow, or actions/checkout with fetch-depth: 0)");
        }
        return result.output().strip();
    }

    /**
     * A duet needs a baseline whose runs keep an agreed start and say so in their timeline (the earliest such commit is
     * c1f64f2, 2026-11-26); a shared node needs one that takes -Dmailbench.stack.opensearch. Read from the commit's own
     * sources before anything is cloned or built, so a night pinned too far back stops in a second, not after two builds.
     */
    public static void requireKnows(Path projectDir, String sha, boolean duet, boolean sharedNode) {
        if (duet && !holds(projectDir, sha, DuetTiming.WAITED_EVENT)) {
            throw new ToolError("--baseline-commit " + sha + ": its commit predates duets (its runs cannot keep an agreed start; the"
                + " earliest that can is c1f64f2): pin a later baseline commit, or run --design interleaved --node per-run");
        }
        if (sharedNode && !holds(projectDir, sha, "\"" + mailbench.knobs.Knobs.STACK_OPENSEARCH.name() + "\"")) {
            throw new ToolError("--baseline-commit " + sha + ": its commit predates the shared node (its runs cannot take -D"
                + mailbench.knobs.Knobs.STACK_OPENSEARCH.name() + "; the earliest that can is a6f20d4): pin a later baseline commit,"
                + " or run --design interleaved --node per-run");
        }
    }

    /** Whether the commit's main sources hold {@code text}. */
    private static boolean holds(Path projectDir, String sha, String text) {
        Git.Result found = Git.run(projectDir, "grep", "--quiet", "--fixed-strings", text, sha, "--", "src/main/java");
        if (found.exit() > 1) {
            throw new ToolError("git grep in " + sha + " failed: " + found.output().strip());
        }
        return found.exit() == 0;
    }

    /**
     * Whether a commit's runs count their request path's own CPU (summary.json's facade section, from e1d1d4c, 2026-11-27
     * on). A night against an older baseline judges the whole process's CPU, since no pair has the request path on both
     * sides; read from the commit's sources, like {@link #requireKnows}.
     */
    static boolean measuresRequestPath(Path projectDir, String sha) {
        return holds(projectDir, sha, "\"" + mailbench.compare.Metric.REQUEST_PATH_CPU_MS_PER_REQUEST.key() + "\"");
    }

    /** Tonight's commit, for the record (a checkout with local changes says so). */
    static String describeHead(Path projectDir) {
        Git.Result head = Git.run(projectDir, "rev-parse", "HEAD");
        if (head.exit() != 0) {
            throw new ToolError(projectDir.toAbsolutePath() + " is not a git checkout: the night compares two commits of one repository");
        }
        Git.Result status = Git.run(projectDir, "status", "--porcelain", "--untracked-files=no");
        return head.output().strip() + (status.exit() == 0 && !status.output().isBlank() ? " with local changes" : "");
    }

    /** The clone of {@code sha} under {@code builds}, made or reused, compiled; Maven's output goes to {@code log}. */
    public static Path prepare(Path projectDir, String sha, Path builds, String maven, Path log, Consumer<String> say)
        throws InterruptedException {
        Path dir = builds.toAbsolutePath().resolve(sha);
        Git.Result head = Files.isDirectory(dir.resolve(".git")) ? Git.run(dir, "rev-parse", "HEAD") : null;
        if (head != null && head.exit() == 0 && head.output().strip().equals(sha)) {
            say.accept("commit " + sha + ": the checkout in " + dir + " is reused");
        } else {
            say.accept("commit " + sha + ": cloning tonight's checkout into " + dir);
            deleteTree(dir);
            try {
                Files.createDirectories(builds);
            } catch (IOException e) {
                throw new ToolError("cannot create the builds folder " + builds + ": " + e.getMessage());
            }
            Git.run(builds, "clone", "--quiet", "--no-checkout", projectDir.toAbsolutePath().toString(), dir.toString()).require("git clone");
            Git.run(dir, "checkout", "--quiet", "--detach", sha).require("git checkout " + sha);
        }
        compile(dir, maven, log, say);
        return dir;
    }

    /**
     * {@code mvn test-compile} in {@code dir}: the simulations and the facade, built before any pair is timed. Not the
     * Java tests, which no run needs (nor do the runs, {@link GatlingRunner}): on a host cut to 0.42 of a core, a side
     * compiled them while getting ready for its first pair. A commit whose pom predates {@link #SIMULATIONS_ONLY} ignores
     * it and builds them too.
     */
    static void compile(Path dir, String maven, Path log, Consumer<String> say) throws InterruptedException {
        say.accept("compiling " + dir + " (log: " + log + ")");
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Process process = new ProcessBuilder(maven, "-B", "-ntp", "-q", "test-compile", "-D" + SIMULATIONS_ONLY + "=true").directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = process.waitFor();
            if (exit != 0) {
                throw new ToolError("mvn test-compile failed in " + dir + " (exit " + exit + "); see " + log);
            }
        } catch (IOException e) {
            throw new ToolError("could not start '" + maven + "' (set --maven to Maven's mvn): " + e.getMessage());
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new ToolError("cannot remove the unfinished checkout " + dir + ": " + e.getMessage() + " (remove it by hand)");
        }
    }
}
