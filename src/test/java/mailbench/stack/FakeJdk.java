package mailbench.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A JDK home as mailbench reads it: bin/java (never run: the release file names the version) and the release file. */
public final class FakeJdk {

    private FakeJdk() {
    }

    public static Path home(Path dir, String name, String version) throws IOException {
        Path home = dir.resolve(name);
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\nJAVA_VERSION_DATE=\"2026-04-21\"\n");
        return home;
    }
}
