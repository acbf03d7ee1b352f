package mailbench.it.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import mailbench.json.Json;

/** The run folders a test's {@code mvn gatling:test} writes under its own reports folder. */
public final class RunFolders {

    private RunFolders() {
    }

    /** The run folder once its run.json says the load has started. */
    public static Optional<Path> started(Path reports) throws Exception {
        if (!Files.isDirectory(reports)) {
            return Optional.empty();
        }
        try (Stream<Path> runs = Files.list(reports)) {
            for (Path run : runs.filter(dir -> Files.isRegularFile(dir.resolve("run.json"))).toList()) {
                List<String> events = Json.MAPPER.readTree(run.resolve("run.json").toFile()).findValuesAsText("event");
                if (events.contains("load starting")) {
                    return Optional.of(run);
                }
            }
        }
        return Optional.empty();
    }
}
