package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatlingFolderTest {

    @TempDir
    Path dir;

    @Test
    void theFolderWhoseLogThisJvmHoldsOpenShouldBeItsOwnThoughAnotherRunsLogIsNewer() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc");
        long start = System.currentTimeMillis() - 5_000;
        Path results = dir.resolve("gatling");
        Path own = Files.createDirectories(results.resolve("searchsimulation-20261129082223051"));
        Path neighbour = Files.createDirectories(results.resolve("searchsimulation-20261129082223090"));
        Files.writeString(neighbour.resolve("simulation.log"), "the other run's, still growing");
        GatlingFolder folder = new GatlingFolder(results, start);

        try (OutputStream writing = Files.newOutputStream(own.resolve("simulation.log"))) {
            writing.write('x');
            Files.setLastModifiedTime(neighbour.resolve("simulation.log"), FileTime.from(Instant.now().plusSeconds(5)));
            assertThat(folder.get()).as("before it is spotted: the newest, the neighbour's").contains(neighbour);

            assertThat(folder.spot()).isTrue();
        }

        assertThat(folder.get()).as("after the log was closed, at the run's end").contains(own.toAbsolutePath().normalize());
    }

    @Test
    void withoutAnOpenLogOrProcTheNewestFolderSinceTheStartShouldBeTaken() throws Exception {
        long start = System.currentTimeMillis() - 5_000;
        Path results = dir.resolve("gatling");
        Path only = Files.createDirectories(results.resolve("searchsimulation-1"));
        Files.writeString(only.resolve("simulation.log"), "x");

        assertThat(new GatlingFolder(results, start).spot()).isFalse();
        assertThat(new GatlingFolder(results, start, dir.resolve("no-proc")).spot()).isFalse();
        assertThat(new GatlingFolder(results, start, dir.resolve("no-proc")).get()).contains(only);
    }
}
