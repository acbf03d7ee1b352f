package mailbench.results;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchUrls;

/**
 * A single run's document into the results index when {@code -Dmailbench.results.url} is set (off by default): a run
 * made by hand, or each run of {@code pairs} given the property, lands beside the nightly job's. Read when the run
 * opens, so a bad URL stops it before anything starts; sending is the run's last step and never changes its outcome.
 */
public final class RunResultsKnob {

    private final ResultsIndex index;

    private RunResultsKnob(ResultsIndex index) {
        this.index = index;
    }

    /**
     * From the knob's value, {@code url} (empty: off), named {@code knobName} in a refusal; {@code access} gets into those
     * hosts (the -Dmailbench.opensearch.* knobs).
     */
    public static RunResultsKnob of(String url, String knobName, OpenSearchAccess access) {
        if (url == null || url.isBlank()) {
            return new RunResultsKnob(null);
        }
        List<URI> hosts = OpenSearchUrls.parse(url.strip(), "-D" + knobName);
        return new RunResultsKnob(new ResultsIndex(hosts, access));
    }

    public boolean enabled() {
        return index != null;
    }

    /** Sends the finished run folder's document (id: the folder's name, so sending it again replaces it). */
    public void send(Path folder, Consumer<String> say) {
        if (index == null) {
            return;
        }
        String problem = index.putRun(folder.getFileName().toString(), folder, Map.of("source", "run"));
        say.accept(problem == null ? "results: " + ResultsIndex.INDEX + "/" + folder.getFileName()
            : "warning: not in " + ResultsIndex.INDEX + ": " + problem);
    }
}
