package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.corpus.CorpusSpec;
import mailbench.corpus.FeederWriter;

/** Generated feeder folders are published whole, however many processes ask for the same one at once. */
class FeedersTest {

    private static final CorpusSpec SPEC = new CorpusSpec(7, 3_000, 60);

    @TempDir
    Path temp;

    /** Where the feeders are published: a folder of its own, so the reference beside it is not among its entries. */
    private Path root;

    @BeforeEach
    void makeRoot() throws Exception {
        root = Files.createDirectories(temp.resolve("feeders"));
    }

    @Test
    void writersAskingTogetherShouldAllGetOneWholeFolderAndLeaveNothingAside() throws Exception {
        Path expected = reference();
        Path published = root.resolve("7-3000-60");
        int writers = 6;
        CyclicBarrier together = new CyclicBarrier(writers);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<Path>> answers = new ArrayList<>();
        List<String> seenPartial = new ArrayList<>();
        try {
            for (int i = 0; i < writers; i++) {
                answers.add(pool.submit(() -> {
                    together.await();
                    return Feeders.forCorpus(SPEC, root);
                }));
            }
            // a reader as an injector is one: once every file is there, every file must be whole
            while (answers.stream().anyMatch(answer -> !answer.isDone())) {
                if (Feeders.FILES.stream().allMatch(file -> Files.isRegularFile(published.resolve(file)))) {
                    for (String file : Feeders.FILES) {
                        if (!Files.readString(published.resolve(file)).equals(Files.readString(expected.resolve(file)))) {
                            seenPartial.add(file);
                        }
                    }
                }
            }
            assertThat(seenPartial).as("files read while the writers were at work").isEmpty();
            for (Future<Path> answer : answers) {
                Path folder = answer.get();
                assertThat(folder).isEqualTo(root.resolve("7-3000-60").toAbsolutePath());
                for (String file : Feeders.FILES) {
                    assertThat(Files.readString(folder.resolve(file))).as(file).isEqualTo(Files.readString(expected.resolve(file)));
                }
            }
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> left = Files.list(root)) {
            assertThat(left.map(path -> path.getFileName().toString())).containsExactly("7-3000-60");
        }
    }

    @Test
    void aFolderLeftHalfWrittenShouldBeReplacedByAWholeOne() throws Exception {
        Path halfWritten = Files.createDirectories(root.resolve("7-3000-60"));
        Files.writeString(halfWritten.resolve("mailboxes.csv"), "mailboxId,addr");

        Path folder = Feeders.forCorpus(SPEC, root);

        Path expected = reference();
        for (String file : Feeders.FILES) {
            assertThat(Files.readString(folder.resolve(file))).as(file).isEqualTo(Files.readString(expected.resolve(file)));
        }
    }

    private Path reference() throws Exception {
        Path reference = Files.createDirectories(temp.resolve("reference"));
        FeederWriter.write(SPEC.withAttachmentTextBytes(0), reference, Feeders.ROWS);
        return reference;
    }
}
