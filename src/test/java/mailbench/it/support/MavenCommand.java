package mailbench.it.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** The Maven that runs the tests, for tests that run {@code mvn gatling:test} as a user would. */
public final class MavenCommand {

    private MavenCommand() {
    }

    public static String path() {
        String home = System.getProperty("maven.home");
        if (home != null && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
            return Path.of(home, "bin", "mvn").toString();
        }
        return File.separatorChar == '\\' ? "mvn.cmd" : "mvn";
    }
}
