package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The guide's nights run as written: every commit a guide page pins with {@code --baseline-commit} is one of this
 * repository's and a default (duet, shared node) night accepts it. Needs the checkout's history; a shallow clone skips.
 */
class DocumentedBaselinesTest {

    private static final Pattern PINNED = Pattern.compile("--baseline-commit[ =]([0-9a-f]{7,40})\\b");

    @Test
    void everyCommitTheGuidePinsShouldBeAcceptedByADefaultNight() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        assumeTrue(Files.isDirectory(root.resolve(".git")) && !git(root, "rev-parse", "--is-shallow-repository").equals("true"),
            "needs the checkout's whole history");
        List<String> pinned = new ArrayList<>();
        try (Stream<Path> pages = Files.walk(root.resolve("docs"))) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".adoc") && !p.toString().contains("/results/")).toList()) {
                Matcher found = PINNED.matcher(Files.readString(page));
                while (found.find()) {
                    pinned.add(found.group(1));
                }
            }
        }
        assertThat(pinned).as("the guide's pinned baseline commits").isNotEmpty();
        for (String commit : pinned) {
            String sha = BaselineCheckout.resolve(root, commit);
            BaselineCheckout.requireKnows(root, sha, true, true);
        }
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes()).strip();
        process.waitFor();
        return out;
    }
}
