package mailbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import mailbench.corpus.FeederSummary;
import mailbench.corpus.FeederWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench feeders}: the Gatling feeder files that match a corpus. */
@Command(name = "feeders", mixinStandardHelpOptions = true,
    description = "Write the Gatling feeder CSV files (mailboxes, search terms that hit) for a corpus.")
final class FeedersCommand implements Callable<Integer> {

    @Option(names = "--dir", description = "Output folder (default: ${DEFAULT-VALUE})", defaultValue = "feeders")
    Path dir;

    @Option(names = "--rows", description = "Rows per file (default: ${DEFAULT-VALUE})", defaultValue = "2000")
    int rows;

    @Mixin
    CorpusOptions corpus;

    @Override
    public Integer call() throws Exception {
        FeederSummary summary = FeederWriter.write(corpus.spec(), dir, rows);
        System.out.println("feeders written to " + dir.toAbsolutePath() + ": " + summary);
        return 0;
    }
}
