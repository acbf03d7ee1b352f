package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import mailbench.facadeclient.FacadeAccess;
import mailbench.facadeclient.FacadeStats;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.runfolder.FacadeSection;

/**
 * The facade's allocation counters as a run reads them: a facade in its own JVM over the real node, its stats read
 * (as the run does) around a few hundred searches, give a plausible number of heap bytes per search, and far fewer
 * bytes while it is idle.
 */
class FacadeAllocationIT {

    private static final Path DIR = Path.of("target", "it-allocation");
    private static final int SEARCHES = 300;
    private static final String[] WORDS = {"invoice", "meeting", "holiday", "report", "budget", "release", "contract", "lunch"};

    @Test
    void searchesShouldRaiseAllocatedBytesByAPlausibleAmountPerRequest() throws Exception {
        String index = "mail-it-alloc-" + System.nanoTime();
        try (FacadeProcess facade = FacadeProcess.startTiered(DIR, "facade", List.of("facade", "--opensearch", SharedNode.url().toString(),
            "--port", "0", "--index", index), Map.of())) {
            URI base = facade.awaitUrl();
            SplittableRandom random = new SplittableRandom(16);
            index(base, random);
            search(base, random, 50); // the first searches load classes and fill caches: not what a measured phase sees

            FacadeStats.Memory start = FacadeStats.memoryOrNull(base, FacadeAccess.NONE);
            search(base, random, SEARCHES);
            FacadeStats.Memory end = FacadeStats.memoryOrNull(base, FacadeAccess.NONE);
            FacadeStats.Memory idle = FacadeStats.memoryOrNull(base, FacadeAccess.NONE);

            assertThat(start).as("the facade's stats carry allocatedBytes, gcCount and gcMillis").isNotNull();
            assertThat(start.allocatedBytes()).as("this JDK counts allocation: " + System.getProperty("java.version")).isNotNull();
            FacadeSection section = FacadeSection.of(start, end, SEARCHES);
            assertThat(section.note()).isNull();
            assertThat(section.allocatedBytesPerRequest()).isBetween(1024.0, 10.0 * 1024 * 1024);
            assertThat(section.gcCount()).isNotNegative();
            assertThat(section.gcMillis()).isNotNegative();
            // one stats call alone: a small fraction of what the searches cost
            assertThat(idle.minus(end).allocatedBytes()).isLessThan(section.allocatedBytes() / 20);
        }
    }

    /** A bulk of 40 messages in one mailbox, words drawn from a seeded generator, visible at once. */
    private static void index(URI base, SplittableRandom random) throws Exception {
        StringBuilder bulk = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            String subject = WORDS[random.nextInt(WORDS.length)] + " " + WORDS[random.nextInt(WORDS.length)];
            String body = String.join(" ", words(random, 30));
            bulk.append(FacadeContract.message("mbx-a", "a" + i, "sender" + random.nextInt(5) + "@example.com", subject, body,
                "2025-01-" + (10 + i % 18) + "T09:00:00Z", "")).append('\n');
        }
        Http.Reply reply = Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        assertThat(reply.json().get("indexed").asInt()).isEqualTo(40);
    }

    private static void search(URI base, SplittableRandom random, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            Http.Reply reply = Http.get(base, "/mailboxes/mbx-a/search?text=" + WORDS[random.nextInt(WORDS.length)]);
            assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
            assertThat(reply.json().get("total").asLong()).isPositive();
        }
    }

    private static List<String> words(SplittableRandom random, int count) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            words.add(WORDS[random.nextInt(WORDS.length)]);
        }
        return words;
    }
}
