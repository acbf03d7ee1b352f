package mailbench.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.json.Json;

/** Bulks of multi-MB messages stay under the byte bound the facade and OpenSearch accept; small messages still go 1,000 at a time. */
class CorpusLoaderBatchesTest {

    @Test
    void largeMessagesShouldBeBulkedByBytesNotOnlyByCount() throws Exception {
        CorpusSpec spec = new CorpusSpec(42, 12, 2, 5 * 1024 * 1024);

        List<byte[]> bulks = bulks(spec);

        // 5 MiB and a bit per message: three fit in 16 MiB, a fourth would not
        assertThat(bulks).hasSize(4);
        assertThat(bulks).allSatisfy(bulk -> assertThat(bulk.length).isLessThanOrEqualTo(CorpusLoader.BATCH_BYTES));
        assertThat(bulks.stream().mapToInt(CorpusLoaderBatchesTest::lines).sum()).isEqualTo(12);
    }

    @Test
    void aMessageLargerThanTheBoundShouldGoAlone() throws Exception {
        CorpusSpec spec = new CorpusSpec(42, 3, 2, 17 * 1024 * 1024);

        List<byte[]> bulks = bulks(spec);

        assertThat(bulks).hasSize(3).allSatisfy(bulk -> assertThat(lines(bulk)).isEqualTo(1));
    }

    @Test
    void thePlainCorpusShouldStillGoAThousandAtATimeInCorpusOrder() throws Exception {
        CorpusSpec spec = new CorpusSpec(42, 2_500, 50);

        List<byte[]> bulks = bulks(spec);

        assertThat(bulks).extracting(CorpusLoaderBatchesTest::lines).containsExactly(1_000, 1_000, 500);
        JsonNode first = Json.MAPPER.readTree(new String(bulks.get(0), 0, indexOf(bulks.get(0), (byte) '\n'), "UTF-8"));
        assertThat(first.get("messageId").asText()).isEqualTo(new CorpusGenerator(spec).iterator().next().messageId());
        assertThat(first.has("attachmentText")).isFalse();
    }

    private static List<byte[]> bulks(CorpusSpec spec) throws Exception {
        CorpusLoader.Batches batches = new CorpusLoader.Batches(new CorpusGenerator(spec).iterator());
        List<byte[]> bulks = new ArrayList<>();
        while (batches.hasNext()) {
            bulks.add(batches.next());
        }
        return bulks;
    }

    private static int lines(byte[] bulk) {
        int lines = 0;
        for (byte b : bulk) {
            lines += b == '\n' ? 1 : 0;
        }
        return lines;
    }

    private static int indexOf(byte[] bytes, byte wanted) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }
}
