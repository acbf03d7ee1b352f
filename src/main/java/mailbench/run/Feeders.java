package mailbench.run;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import mailbench.corpus.CorpusSpec;
import mailbench.corpus.FeederWriter;
import mailbench.stack.Files2;

/**
 * The feeder folder that matches a corpus: the checked-in {@code feeders/} for the default
 * corpus, else a generated {@code target/feeders/<seed>-<messages>-<users>/}.
 *
 * <p>Several processes may ask for the same folder at once (two injectors of one merge, a night's current side beside a
 * test): a generated folder is written aside and published by one rename, so a reader never sees a file half written
 * and two writers never truncate each other's files.
 */
public final class Feeders {

    public static final List<String> FILES = List.of("mailboxes.csv", "messages.csv", "search-text.csv",
        "search-from.csv", "date-range.csv");
    public static final int ROWS = 2_000;

    private Feeders() {
    }

    public static Path forCorpus(CorpusSpec corpus) throws IOException {
        return forCorpus(corpus, Path.of("target", "feeders"));
    }

    static Path forCorpus(CorpusSpec corpus, Path generatedRoot) throws IOException {
        // the feeders never read the attachment text: the same rows without generating it
        CorpusSpec spec = corpus.withAttachmentTextBytes(0);
        Path checkedIn = Path.of("feeders");
        if (spec.equals(CorpusSpec.defaults()) && complete(checkedIn)) {
            return checkedIn.toAbsolutePath();
        }
        Path generated = generatedRoot.resolve(spec.seed() + "-" + spec.messages() + "-" + spec.users()).toAbsolutePath();
        if (!complete(generated)) {
            publish(spec, generated);
        }
        return generated;
    }

    private static void publish(CorpusSpec spec, Path generated) throws IOException {
        Files.createDirectories(generated.getParent());
        Path aside = Files.createTempDirectory(generated.getParent(), "." + generated.getFileName() + "-");
        try {
            FeederWriter.write(spec, aside, ROWS);
            for (int attempt = 0; attempt < 2; attempt++) {
                try {
                    Files.move(aside, generated, StandardCopyOption.ATOMIC_MOVE);
                    return;
                } catch (FileSystemException taken) {
                    // an atomic rename onto a folder that exists fails with the bare "Directory not empty" on Linux
                    if (!Files.isDirectory(generated)) {
                        throw taken;
                    }
                    if (complete(generated)) {
                        return; // another process published the same rows first
                    }
                    // a folder left half written by a run that was killed before this publication existed
                    Files2.deleteRecursively(generated);
                }
            }
            throw new IOException("could not publish the feeders at " + generated + "; delete that folder and run again");
        } finally {
            Files2.deleteRecursively(aside);
        }
    }

    private static boolean complete(Path dir) {
        return FILES.stream().allMatch(file -> Files.isRegularFile(dir.resolve(file)));
    }
}
