package mailbench.network;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Where toxiproxy-server comes from: the path the user gives, else {@code toxiproxy-server} on PATH, else the cache
 * folder, else built into it once from Shopify's Go module by {@code go install}. Toxiproxy publishes no Java artifact
 * of its server, and its release binaries come from a host mailbench cannot count on; its Go module comes through Go's
 * own module proxy, so anyone with Go gets the same pinned version.
 */
public final class ToxiproxyBinary {

    /** The version built; a server found elsewhere may be another, and run.json says which answered. */
    public static final String VERSION = "2.5.0";
    public static final String NAME = "toxiproxy-server";
    private static final String MODULE = "github.com/Shopify/toxiproxy/v2";
    /** go install names the binary after its package folder. */
    private static final String BUILT_NAME = "server";
    private static final long BUILD_MINUTES = 10;

    /** The binary, and how it was had: the user's path, PATH, the cache, or built now. */
    public record Found(Path path, String source) {
    }

    private final Map<String, String> env;
    private final String option;
    private final Consumer<String> progress;

    /** {@code option}: how the user names a binary (the knob), for the messages that name the fix. */
    public ToxiproxyBinary(Map<String, String> env, String option, Consumer<String> progress) {
        this.env = env;
        this.option = option;
        this.progress = progress;
    }

    /** {@code explicit}: the binary the user named, null to look for one. */
    public Found obtain(Path explicit) throws InterruptedException {
        if (explicit != null) {
            if (!Files.isRegularFile(explicit) || !Files.isExecutable(explicit)) {
                throw new ToxiproxyUnavailable(option + "=" + explicit + " is no executable file: give the path of a " + NAME
                    + ", or leave it empty to find or build one");
            }
            return new Found(explicit.toAbsolutePath(), option);
        }
        Optional<Path> onPath = onPath(NAME);
        if (onPath.isPresent()) {
            return new Found(onPath.get(), "PATH");
        }
        Path cached = cacheDir().resolve(NAME);
        if (Files.isExecutable(cached)) {
            return new Found(cached, "cache");
        }
        Path go = onPath("go").orElseThrow(() -> new ToxiproxyUnavailable("no " + NAME + " on PATH nor in " + cached.getParent()
            + ", and no go on PATH to build one: install Go 1.17 or later (https://go.dev/dl/), with which mailbench builds " + NAME
            + " " + VERSION + " there once, or give " + option + "=<path of a " + NAME + ">"));
        build(go, cached);
        return new Found(cached, "built");
    }

    /** $XDG_CACHE_HOME/mailbench/toxiproxy/v2.5.0, else ~/.cache/mailbench/toxiproxy/v2.5.0. */
    public Path cacheDir() {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && Path.of(xdg).isAbsolute() ? Path.of(xdg)
            : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".cache");
        return base.resolve("mailbench").resolve("toxiproxy").resolve("v" + VERSION);
    }

    private Optional<Path> onPath(String name) {
        String path = env.getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator)).filter(dir -> !dir.isBlank()).map(dir -> Path.of(dir, name))
            .filter(file -> Files.isRegularFile(file) && Files.isExecutable(file)).findFirst();
    }

    /** go install into a folder of its own, then one rename: a build cut short, or two at once, leave no half binary. */
    private void build(Path go, Path target) throws InterruptedException {
        Path dir = target.getParent();
        Path log = dir.resolve("go-install.log");
        progress.accept("building " + NAME + " " + VERSION + " from its Go module with " + go + " (once, about a minute; kept in "
            + dir + ")");
        try {
            Files.createDirectories(dir);
            Path gobin = Files.createTempDirectory(dir, "build-");
            ProcessBuilder install = new ProcessBuilder(go.toString(), "install",
                // the version its /version answers and run.json records; a plain build would answer "git"
                "-ldflags=-X " + MODULE + ".Version=" + VERSION, MODULE + "/cmd/server@v" + VERSION)
                .redirectErrorStream(true).redirectOutput(log.toFile());
            install.environment().put("GOBIN", gobin.toString());
            Process process = install.start();
            if (!process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new ToxiproxyUnavailable("go install of " + NAME + " took more than " + BUILD_MINUTES + " minutes (its output: "
                    + log + "); give " + option + "=<path of a " + NAME + "> instead");
            }
            if (process.exitValue() != 0) {
                throw new ToxiproxyUnavailable("go install of " + NAME + " " + VERSION + " failed (exit " + process.exitValue()
                    + "): " + tail(log) + "; fix Go's access to its module proxy ($GOPROXY), or give " + option + "=<path of a " + NAME + ">");
            }
            Files.move(gobin.resolve(BUILT_NAME), target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(gobin);
            progress.accept("built " + target);
        } catch (IOException e) {
            throw new ToxiproxyUnavailable("could not build " + NAME + " into " + dir + ": " + e.getMessage() + "; give " + option
                + "=<path of a " + NAME + ">", e);
        }
    }

    /** The last lines of a tool's output, on one line for a message. */
    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(its output " + log + " is unreadable: " + e.getMessage() + ")";
        }
    }
}
