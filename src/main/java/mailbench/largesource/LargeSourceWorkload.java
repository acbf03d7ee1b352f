package mailbench.largesource;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;
import mailbench.settings.BenchConfig;
import mailbench.settings.RequestPath;

/**
 * What LargeSourceSimulation lists: the corpus's busiest mailbox, {@code hits} messages at a time
 * from offsets 0 to {@link #maxOffset()}, so every search returns exactly {@code hits} whole messages.
 */
public record LargeSourceWorkload(String mailboxId, int messages, int hits) {

    public LargeSourceWorkload {
        if (hits > messages) {
            throw new IllegalArgumentException("-Dmailbench.large.hits (" + hits + ") is more than the " + messages
                + " messages of the busiest mailbox " + mailboxId + ": lower it, or raise -Dmailbench.corpus.messages"
                + " (or lower -Dmailbench.corpus.users)");
        }
    }

    /** The workload of a run's knobs; refuses the direct path, which has no facade to measure. */
    public static LargeSourceWorkload check(BenchConfig config) {
        if (config.load().path() != RequestPath.FACADE) {
            throw new IllegalArgumentException("LargeSourceSimulation measures the facade's decoding: run it with -Dmailbench.path=facade");
        }
        return of(config.load().corpus(), config.workloads().large().hits());
    }

    /** Counts mailboxes on the corpus without its attachment text (the same messages otherwise), so this pass stays cheap. */
    public static LargeSourceWorkload of(CorpusSpec corpus, int hits) {
        Map<String, Integer> counts = new HashMap<>();
        for (MailMessage message : new CorpusGenerator(corpus.withAttachmentTextBytes(0))) {
            counts.merge(message.mailboxId(), 1, Integer::sum);
        }
        Map.Entry<String, Integer> busiest = counts.entrySet().stream()
            .max(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
            .orElseThrow();
        return new LargeSourceWorkload(busiest.getKey(), busiest.getValue(), hits);
    }

    /** The last offset at which a listing still has {@code hits} messages. */
    public int maxOffset() {
        return messages - hits;
    }

    /** The facade path of one listing (newest first, the default sort) at an offset. */
    public String searchPath(int offset) {
        return "/mailboxes/" + mailboxId + "/search?limit=" + hits + "&offset=" + offset;
    }
}
