package mailbench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Checks the corpus looks like mail: skewed mailboxes, threads, flags, busy recent months. */
class CorpusDistributionTest {

    private static final int MESSAGES = 20_000;
    private static List<MailMessage> corpus;

    @BeforeAll
    static void generate() {
        corpus = new CorpusGenerator(new CorpusSpec(2024, MESSAGES, 300)).messages().toList();
    }

    @Test
    void bodyLengthMedianShouldBeAroundNinetyWords() {
        int[] words = corpus.stream().mapToInt(m -> m.body().split("\\s+").length).sorted()
                .toArray();

        assertThat(words[words.length / 2]).isBetween(65, 130);
        assertThat(words[words.length - 1]).isLessThanOrEqualTo(8_100);
    }

    @Test
    void aboutThirtyPercentShouldBeRepliesSharingTheirRootsThread() {
        Map<String, MailMessage> byId = new HashMap<>();
        corpus.forEach(m -> byId.put(m.messageId(), m));
        long replies = 0;
        for (MailMessage message : corpus) {
            if (!message.subject().startsWith("Re: ")) {
                assertThat(message.threadId()).isEqualTo("t-" + message.messageId());
                continue;
            }
            replies++;
            MailMessage root = byId.get(message.threadId().substring(2));
            assertThat(root).as(message.threadId()).isNotNull();
            assertThat(root.mailboxId()).isEqualTo(message.mailboxId());
            assertThat("Re: " + root.subject()).isEqualTo(message.subject());
            assertThat(message.receivedAt()).isAfterOrEqualTo(root.receivedAt());
        }

        assertThat(replies / (double) MESSAGES).isCloseTo(0.30, within(0.05));
    }

    @Test
    void someRepliesShouldQuoteAPreviousMessage() {
        long replies = corpus.stream().filter(m -> m.subject().startsWith("Re: ")).count();
        long quoting = corpus.stream().filter(m -> m.body().contains(" wrote:\n> ")).count();

        assertThat(quoting / (double) replies).isCloseTo(0.15, within(0.04));
    }

    @Test
    void flagsShouldFollowTheirRatesInAFixedOrder() {
        Map<String, Integer> counts = new HashMap<>();
        for (MailMessage message : corpus) {
            if (!message.flags().isEmpty()) {
                assertThat(MailFlags.NAMES).containsSubsequence(message.flags());
            }
            message.flags().forEach(f -> counts.merge(f, 1, Integer::sum));
        }

        assertThat(rate(counts, "\\Seen")).isCloseTo(0.75, within(0.02));
        assertThat(rate(counts, "\\Answered")).isCloseTo(0.10, within(0.015));
        assertThat(rate(counts, "\\Flagged")).isCloseTo(0.05, within(0.01));
        assertThat(rate(counts, "\\Draft")).isCloseTo(0.01, within(0.005));
    }

    @Test
    void datesShouldSpanThreeYearsBeforeTheFixedEndWithRecentMonthsBusier() {
        Instant start = Instant.parse("2023-01-01T00:00:00Z");
        Instant end = Instant.parse("2026-01-01T00:00:00Z");
        int[] perYear = new int[3];
        int officeHours = 0;
        for (MailMessage message : corpus) {
            assertThat(message.receivedAt()).isBetween(start, end).isBefore(end);
            assertThat(message.receivedAt().getNano()).isZero();
            var time = message.receivedAt().atOffset(ZoneOffset.UTC);
            perYear[time.getYear() - 2023]++;
            officeHours += time.getHour() >= 8 && time.getHour() < 18 ? 1 : 0;
        }

        assertThat(perYear[2]).isGreaterThan(perYear[1]).isGreaterThan((int) (perYear[0] * 1.5));
        assertThat(officeHours / (double) MESSAGES).isGreaterThan(0.55);
    }

    @Test
    void mailboxSizesShouldBeSkewed() {
        Map<String, Integer> sizes = new HashMap<>();
        corpus.forEach(m -> sizes.merge(m.mailboxId(), 1, Integer::sum));
        int[] sorted = sizes.values().stream().mapToInt(Integer::intValue).sorted().toArray();

        assertThat(sorted[sorted.length - 1]).isGreaterThan(5 * sorted[sorted.length / 2]);
    }

    @Test
    void sendersRecipientsAndAttachmentsShouldFollowTheirRates() {
        List<Long> attachmentSizes = new ArrayList<>();
        int external = 0;
        int withCc = 0;
        int withAttachments = 0;
        for (MailMessage message : corpus) {
            external += message.from().endsWith(".example") ? 1 : 0;
            withCc += message.cc().isEmpty() ? 0 : 1;
            withAttachments += message.attachments().isEmpty() ? 0 : 1;
            message.attachments().forEach(a -> attachmentSizes.add(a.size()));
        }
        long[] sizes = attachmentSizes.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sizes);

        assertThat(external / (double) MESSAGES).isCloseTo(0.30, within(0.03));
        assertThat(withCc / (double) MESSAGES).isCloseTo(0.20, within(0.03));
        assertThat(withAttachments / (double) MESSAGES).isCloseTo(0.20, within(0.03));
        assertThat(sizes[sizes.length / 2]).isBetween(110_000L, 200_000L);
    }

    private static double rate(Map<String, Integer> counts, String flag) {
        return counts.getOrDefault(flag, 0) / (double) MESSAGES;
    }
}
