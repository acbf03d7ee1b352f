package mailbench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

import mailbench.runfolder.RunFolder;
import mailbench.summary.RunSummarizer;

/**
 * This run's folder in Gatling's results folder. Two runs in one checkout at once (a night's tonight side beside another
 * run there, the integration tests' forks) share that results folder, and the newest simulation.log written since a run
 * started may be the other run's: a run once moved its neighbour's folder away while it was still loading. Gatling
 * names the folder only once the load starts, and this JVM holds its simulation.log open while it loads, so the folder
 * is spotted from {@code /proc/self/fd} during the load; where that cannot be read, the newest folder is taken as before.
 */
final class GatlingFolder {

    private static final String LOG = "simulation.log";
    private static final int SPOT_SECONDS = 60;

    private final Path results;
    private final long startMillis;
    private final Path openFiles;
    private volatile Path spotted;

    /** {@code startMillis}: when the run started, to tell its folder from older ones when it is not spotted. */
    GatlingFolder(Path results, long startMillis) {
        this(results, startMillis, Path.of("/proc", "self", "fd"));
    }

    GatlingFolder(Path results, long startMillis, Path openFiles) {
        this.results = results.toAbsolutePath().normalize();
        this.startMillis = startMillis;
        this.openFiles = openFiles;
    }

    /** Looks once a second, for at most a minute from the load's start, for the simulation.log this JVM writes. */
    void spotWhileLoading() {
        Thread looking = new Thread(() -> {
            for (int second = 0; second < SPOT_SECONDS && spotted == null; second++) {
                spot();
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "gatling-folder");
        looking.setDaemon(true);
        looking.start();
    }

    /** Reads this JVM's open files once; true when one is a simulation.log right under the results folder. */
    boolean spot() {
        try (Stream<Path> descriptors = Files.list(openFiles)) {
            Optional<Path> own = descriptors.map(GatlingFolder::target).flatMap(Optional::stream)
                .filter(file -> file.getFileName() != null && file.getFileName().toString().equals(LOG))
                .map(Path::getParent)
                .filter(folder -> folder != null && folder.getParent() != null && same(folder.getParent(), results))
                .findFirst();
            own.ifPresent(folder -> spotted = folder);
            return own.isPresent();
        } catch (IOException | RuntimeException e) {
            return false; // no /proc here: the newest folder is taken
        }
    }

    /** The run's folder: the one spotted while loading, else the newest with a simulation.log written since the run started. */
    Optional<Path> get() {
        Path own = spotted;
        if (own != null && Files.isRegularFile(RunFolder.simulationLogIn(own))) {
            return Optional.of(own);
        }
        return RunSummarizer.gatlingRunDir(results, startMillis);
    }

    Path results() {
        return results;
    }

    private static boolean same(Path a, Path b) {
        try {
            return a.equals(b) || Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Path> target(Path descriptor) {
        try {
            return Optional.of(Files.readSymbolicLink(descriptor).toAbsolutePath().normalize());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty(); // closed in the meantime, or not a link
        }
    }
}
