package mailbench.docker;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;

/**
 * .dockerignore as the engine applies it: patterns in order, the last one that matches a path (or a folder holding it)
 * decides, and {@code !pattern} sends back what an earlier one left out.
 */
record DockerIgnore(List<String> patterns) {

    static DockerIgnore read(Path file) throws IOException {
        return new DockerIgnore(Files.readAllLines(file).stream().map(String::strip)
            .filter(line -> !line.isEmpty() && !line.startsWith("#")).map(line -> line.replaceAll("/+$", "")).toList());
    }

    /** Whether the builder gets {@code path} (relative to the context, '/'-separated). */
    boolean sends(String path) {
        Path relative = Path.of(path.replaceAll("/+$", ""));
        boolean sent = true;
        for (String pattern : patterns) {
            boolean exception = pattern.startsWith("!");
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + (exception ? pattern.substring(1) : pattern));
            for (Path prefix = relative; prefix != null; prefix = prefix.getParent()) {
                if (matcher.matches(prefix)) {
                    sent = exception;
                    break;
                }
            }
        }
        return sent;
    }
}
