package mailbench.cli;

import java.time.Duration;

import mailbench.errors.ToolError;
import mailbench.nightly.NightlyJob;
import mailbench.nightly.PairBench;
import mailbench.nightly.PairRule;
import picocli.CommandLine.Option;

/** How the jobs that make pairs of two commits (nightly, bisect) make them: the design, the node, which pairs count, the fit. */
final class PairOptions {

    @Option(names = "--design", description = "duet: both facades at once against one node (client and facade changes); interleaved:"
        + " one run after the other (any change, a server's with --node per-run) (default: ${DEFAULT-VALUE})", defaultValue = "duet")
    String design;

    @Option(names = "--node", description = "shared: one node with its corpus for the whole job, each run starts its facade;"
        + " per-run: each run starts its own node and loads its corpus (interleaved only) (default: ${DEFAULT-VALUE})",
        defaultValue = "shared")
    String node;

    @Option(names = "--max-wait", description = "Below 1: a pair counts only if each facade's request path waited for a core at most"
        + " this share of its runnable time in its measured minute (the kernel's schedstat), in place of --min-idle; 1: not"
        + " bounded, recorded only (default: ${DEFAULT-VALUE})",
        defaultValue = "1.0")
    double maxWait;

    @Option(names = "--min-idle", description = "A pair counts only if the host kept this share of its cores idle in its measured"
        + " minute (unless --max-wait bounds the wait and the runs tell it); a duet's fit pairs pick a rate that leaves it"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "0.25")
    double minIdle;

    @Option(names = "--max-jit", description = "A pair counts only if the JIT compilers held at most this percent of each facade's"
        + " CPU samples; a duet's fit pairs lengthen the warm-up until they do (default: ${DEFAULT-VALUE})", defaultValue = "5.0")
    double maxJit;

    @Option(names = "--max-pair-ko", description = "A pair counts only if each side failed at most this percent of its requests,"
        + " what a run's own gate allows (default: ${DEFAULT-VALUE})", defaultValue = "1.0")
    double maxPairKo;

    @Option(names = "--fit-pairs", description = "Most fit pairs before a duet's first counted pair: they warm the node and pick"
        + " the rate and warm-up that leave --min-idle and --max-jit (a rate or warm-up given with -D is only checked); 0: none"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "3")
    int fitPairs;

    @Option(names = "--first-lead", description = "Seconds a duet's first pair gives both sides to be ready (a Maven, a facade,"
        + " its warm-up searches) before their agreed start; later pairs learn it from the slower side. A side ready late"
        + " makes the pair not counted: raise it on a slow host, lower it where sides start fast (default: ${DEFAULT-VALUE})",
        defaultValue = "120")
    int firstLeadSeconds;

    NightlyJob.Design design() {
        return switch (design) {
            case "duet" -> NightlyJob.Design.DUET;
            case "interleaved" -> NightlyJob.Design.INTERLEAVED;
            default -> throw new ToolError("--design must be duet or interleaved, got '" + design + "'");
        };
    }

    boolean sharedNode() {
        if (!node.equals("shared") && !node.equals("per-run")) {
            throw new ToolError("--node must be shared or per-run, got '" + node + "'");
        }
        return node.equals("shared");
    }

    PairRule rule() {
        return new PairRule(minIdle, maxJit, maxPairKo, maxWait);
    }

    PairBench.Settings settings() {
        return new PairBench.Settings(design(), sharedNode(), rule(), fitPairs, Duration.ofSeconds(firstLeadSeconds));
    }
}
