package mailbench.largesource;

import java.util.Map;

import mailbench.corpus.CorpusSpec;
import mailbench.facade.opensearch.SearchStats;
import mailbench.facadeclient.FacadeStats;
import mailbench.runfolder.RunSummary;

/**
 * large-source.json: one LargeSourceSimulation run's measured phase. {@code facade} is the
 * difference of the facade's counters between the end of the warm-up and the end of the load;
 * {@code responseTimes} are Gatling's measured response times (summary.json's {@code measured}).
 */
public record LargeSourceResult(Map<String, Object> run, String projection, Corpus corpus, int hitsPerSearch, int concurrency,
                                Facade facade, RunSummary.Stats responseTimes) {

    /** The corpus the searches ran on. */
    public record Corpus(long seed, int messages, int users, int attachmentTextBytes, String mailboxId) {
    }

    /**
     * The facade's side of the measured searches. Bytes and decode time exist only for the {@code _source} projections,
     * whose answers the facade decodes itself; {@code note} says when they were not measured.
     */
    public record Facade(long searches, long decodedSearches, long responseBytes, Double bytesPerResponse, Double megabytesPerResponse,
                         Double decodeMsPerResponse, Double decodeMegabytesPerSecond, String note) {

        static Facade of(SearchStats.Snapshot measured) {
            Double bytes = measured.bytesPerResponse();
            return new Facade(measured.searches(), measured.decodedSearches(), measured.responseBytes(), round(bytes),
                bytes == null ? null : round(bytes / 1e6), round(measured.decodeMsPerResponse()), round(measured.decodeMegabytesPerSecond()),
                measured.decodedSearches() == 0 ? "this projection's answers are decoded by the client's own endpoint: bytes and"
                    + " decode time are measured on the _source projections only" : null);
        }

        private static Double round(Double value) {
            return value == null ? null : Math.round(value * 1000) / 1000.0;
        }
    }

    public static LargeSourceResult of(Map<String, Object> run, CorpusSpec corpus, LargeSourceWorkload workload, int concurrency,
                                       FacadeStats.Reading start, FacadeStats.Reading end, RunSummary.Stats responseTimes) {
        return new LargeSourceResult(run, end.projection(),
            new Corpus(corpus.seed(), corpus.messages(), corpus.users(), corpus.attachmentTextBytes(), workload.mailboxId()),
            workload.hits(), concurrency, Facade.of(end.searches().minus(start.searches())), responseTimes);
    }
}
