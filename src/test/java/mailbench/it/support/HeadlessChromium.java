package mailbench.it.support;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Opens an HTML page in a real headless Chromium, as a reader's browser does. The offline report is one file whose inline
 * JavaScript draws it, so only a browser running that script shows that the page renders and that nothing throws.
 * One run loads the file (no server, no network), lets its scripts and timers run on virtual time, then dumps the DOM,
 * writes a PNG screenshot and logs the page's console to stderr, where uncaught exceptions and rejected promises read
 * "Uncaught ...". Chromium logs every console message at INFO, without its level, so console.log cannot be told apart
 * from console.error there: every message counts as an error; a healthy offline page says nothing on the console.
 */
public final class HeadlessChromium {

    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
        "chrome-headless-shell", "headless_shell");
    private static final List<Path> KNOWN = List.of(Path.of("/usr/lib/chromium/chromium"), Path.of("/snap/bin/chromium"),
        Path.of("/opt/google/chrome/chrome"));
    /** A console message in Chromium's log, maybe over lines: {@code :INFO:CONSOLE:4] "Uncaught Error: x", source: file:///p.html (4)}. */
    private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(]\\d*\\)?\\] \"(.*?)\", source: (\\S*) \\((\\d+)\\)$",
        Pattern.DOTALL | Pattern.MULTILINE);
    private static final long TIMEOUT_SECONDS = 60;

    /** What the browser made of a page: the DOM after its scripts ran, its console messages, the screenshot it wrote. */
    public record Result(String dom, List<String> consoleErrors, Path screenshot) {
    }

    private HeadlessChromium() {
    }

    /** The first Chromium (or Chrome) on the PATH or in a usual place. */
    public static Optional<Path> find() {
        List<String> path = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
            .toList();
        Stream<Path> onPath = NAMES.stream().flatMap(name -> path.stream().map(dir -> Path.of(dir, name)));
        return Stream.concat(onPath, KNOWN.stream()).filter(Files::isExecutable).findFirst();
    }

    /**
     * For a test that checks a page beside other things: renders and checks it when a Chromium is installed; without one
     * it says so and the rest of the test still counts, as Docker tests skip without a Docker engine.
     */
    public static void checkIfInstalled(Path html, Path screenshot, org.junit.jupiter.api.function.ThrowingConsumer<Result> assertions)
        throws Throwable {
        if (find().isEmpty()) {
            System.err.println("[test] no Chromium installed (" + String.join(", ", NAMES) + "): " + html.getFileName()
                + " not rendered; install the chromium package to check it");
            return;
        }
        assertions.accept(check(html, screenshot));
    }

    /**
     * Renders {@code html} once in a fresh profile, within a minute, and writes its screenshot (1280x900) to
     * {@code screenshot}. Without a Chromium the calling test is skipped (an assumption), naming the package to install.
     */
    public static Result check(Path html, Path screenshot) throws IOException, InterruptedException {
        org.junit.jupiter.api.Assumptions.assumeTrue(find().isPresent(), "no Chromium found (" + String.join(", ", NAMES)
            + " on the PATH): install the chromium package, e.g. apt-get install -y chromium");
        Path chromium = find().orElseThrow(() -> new IOException("no Chromium found (" + String.join(", ", NAMES)
            + " on the PATH): install the chromium package, e.g. apt-get install -y chromium"));
        Path shot = screenshot.toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.deleteIfExists(shot);
        Path work = Files.createTempDirectory("mailbench-chromium-");
        try {
            Process process = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-dev-shm-usage",
                "--disable-background-networking", "--user-data-dir=" + work.resolve("profile"), "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--window-size=1280,900", "--screenshot=" + shot, "--dump-dom",
                html.toAbsolutePath().toUri().toString())
                .redirectOutput(work.resolve("dom.html").toFile()).redirectError(work.resolve("chromium.log").toFile()).start();
            process.getOutputStream().close();
            boolean exited = false;
            try {
                exited = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } finally {
                if (!exited) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
            if (!exited) {
                throw new IOException("Chromium did not finish " + html + " within " + TIMEOUT_SECONDS + " s (a script that never ends?)");
            }
            String log = new String(Files.readAllBytes(work.resolve("chromium.log")), StandardCharsets.UTF_8);
            if (process.exitValue() != 0 || !Files.isRegularFile(shot)) {
                throw new IOException("Chromium failed on " + html + " (exit " + process.exitValue() + ", screenshot "
                    + (Files.isRegularFile(shot) ? "written" : "missing") + "):\n" + log.substring(Math.max(0, log.length() - 4_000)));
            }
            List<String> consoleErrors = CONSOLE.matcher(log).results()
                .map(m -> m.group(1) + " (" + m.group(2) + ":" + m.group(3) + ")").toList();
            return new Result(Files.readString(work.resolve("dom.html")), consoleErrors, shot);
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }
}
