package mailbench.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Files2Test {

    @TempDir
    Path temp;

    @BeforeEach
    void runFolder() throws IOException {
        // the run folder exists when its Gatling report is moved into it
        Files.createDirectory(temp.resolve("run"));
    }

    @Test
    void moveTreeShouldRenameWithinOneFileSystem() throws IOException {
        Path from = report(temp.resolve("gatling-run"));

        Files2.moveTree(from, temp.resolve("run").resolve("gatling"));

        assertMoved(from, temp.resolve("run").resolve("gatling"));
    }

    // a run folder on a container's bind mount or another disk: Gatling's report used to stay behind there
    @Test
    void moveTreeShouldCopyAcrossFileSystems() throws IOException {
        Path memory = Path.of("/dev/shm");
        assumeThat(Files.isDirectory(memory) && Files.isWritable(memory)).as("/dev/shm as a second file system").isTrue();
        assumeThat(Files.getFileStore(memory)).isNotEqualTo(Files.getFileStore(temp));
        Path from = report(Files.createTempDirectory(memory, "mailbench-files2-").resolve("gatling-run"));
        try {
            Files2.moveTree(from, temp.resolve("run").resolve("gatling"));

            assertMoved(from, temp.resolve("run").resolve("gatling"));
        } finally {
            Files2.deleteRecursively(from.getParent());
        }
    }

    private static Path report(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("js"));
        Files.writeString(dir.resolve("index.html"), "<html>report</html>");
        Files.writeString(dir.resolve("js").resolve("stats.js"), "var stats = {};");
        Files.write(dir.resolve("simulation.log"), new byte[] {1, 2, 3});
        return dir;
    }

    private static void assertMoved(Path from, Path to) throws IOException {
        assertThat(from).doesNotExist();
        assertThat(to.resolve("index.html")).hasContent("<html>report</html>");
        assertThat(to.resolve("js").resolve("stats.js")).hasContent("var stats = {};");
        assertThat(Files.readAllBytes(to.resolve("simulation.log"))).containsExactly(1, 2, 3);
    }
}
