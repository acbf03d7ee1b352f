package mailbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import mailbench.corpus.CorpusSpec;
import mailbench.corpus.FeederSummary;
import mailbench.corpus.FeederWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mailbench feeders}: the Gatling feeder files that match a corpus. */
@Command(name = "feeders", mixinStandardHelpOptions = true,
    description = "Write the Gatling feeder CSV files (mailboxes, search terms that hit) for a corpus.")
final class FeedersCommand implements Callable<Integer> {

    @Option(names = "--dir", description = "Output folder (default: ${DEFAULT-VALUE})", defaultValue = "feeders")
    Path dir;

    @Option(names = "--rows", description = "Rows per file (default: ${DEFAULT-VALUE})", defaultValue = "2000")
    int rows;

    @Option(names = "--messages", description = "Corpus size (default: ${DEFAULT-VALUE})",
        defaultValue = "" + CorpusSpec.DEFAULT_MESSAGES)
    int messages;

    @Option(names = "--users", description = "Users, one mailbox each (default: ${DEFAULT-VALUE})",
        defaultValue = "" + CorpusSpec.DEFAULT_USERS)
    int users;

    @Option(names = "--seed", description = "Corpus seed (default: ${DEFAULT-VALUE})", defaultValue = "" + CorpusSpec.DEFAULT_SEED)
    long seed;

    @Override
    public Integer call() throws Exception {
        FeederSummary summary = FeederWriter.write(new CorpusSpec(seed, messages, users), dir, rows);
        System.out.println("feeders written to " + dir.toAbsolutePath() + ": " + summary);
        return 0;
    }
}
