package mailbench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import mailbench.corpus.CorpusSpec;
import mailbench.corpus.FeederWriter;

/**
 * The feeder folder that matches a corpus: the checked-in {@code feeders/} for the default
 * corpus, else a generated {@code target/feeders/<seed>-<messages>-<users>/}.
 */
public final class Feeders {

    public static final List<String> FILES = List.of("mailboxes.csv", "messages.csv", "search-text.csv",
        "search-from.csv", "date-range.csv");
    public static final int ROWS = 2_000;

    private Feeders() {
    }

    public static Path forCorpus(CorpusSpec corpus) throws IOException {
        // the feeders never read the attachment text: the same rows without generating it
        CorpusSpec spec = corpus.withAttachmentTextBytes(0);
        Path checkedIn = Path.of("feeders");
        if (spec.equals(CorpusSpec.defaults()) && complete(checkedIn)) {
            return checkedIn.toAbsolutePath();
        }
        Path generated = Path.of("target", "feeders", spec.seed() + "-" + spec.messages() + "-" + spec.users()).toAbsolutePath();
        if (!complete(generated)) {
            FeederWriter.write(spec, generated, ROWS);
        }
        return generated;
    }

    private static boolean complete(Path dir) {
        return FILES.stream().allMatch(file -> Files.isRegularFile(dir.resolve(file)));
    }
}
