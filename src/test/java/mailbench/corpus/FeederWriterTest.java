package mailbench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes feeders once and checks every row against a regenerated corpus. */
class FeederWriterTest {

    private static final CorpusSpec SPEC = new CorpusSpec(99, 5_000, 200);
    private static final int ROWS = 500;

    @TempDir
    static Path dir;
    private static FeederSummary summary;
    private static final Map<String, List<MailMessage>> BY_MAILBOX = new HashMap<>();

    @BeforeAll
    static void writeFeeders() throws IOException {
        summary = FeederWriter.write(SPEC, dir.resolve("feeders"), ROWS);
        new CorpusGenerator(SPEC).forEach(m ->
                BY_MAILBOX.computeIfAbsent(m.mailboxId(), k -> new ArrayList<>()).add(m));
    }

    @Test
    void shouldWriteFiveFilesWithHeadersAndNoLeftovers() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("feeders"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    "mailboxes.csv", "messages.csv", "search-text.csv", "search-from.csv",
                    "date-range.csv");
        }
        assertThat(lines("mailboxes.csv").get(0)).isEqualTo("mailboxId,address");
        assertThat(lines("messages.csv").get(0)).isEqualTo("mailboxId,messageId");
        assertThat(lines("search-text.csv").get(0)).isEqualTo("mailboxId,term");
        assertThat(lines("search-from.csv").get(0)).isEqualTo("mailboxId,from");
        assertThat(lines("date-range.csv").get(0)).isEqualTo("mailboxId,after,before");
        assertThat(Files.readString(dir.resolve("feeders/messages.csv"))).doesNotContain("\r")
                .endsWith("\n");
        assertThat(summary).isEqualTo(new FeederSummary(5_000, BY_MAILBOX.size(), ROWS, ROWS,
                ROWS, ROWS));
    }

    @Test
    void mailboxesShouldBeExactlyThoseThatReceivedMail() throws IOException {
        List<User> users = new CorpusGenerator(SPEC).users();
        Map<String, String> addresses = new HashMap<>();
        users.forEach(u -> addresses.put(u.mailboxId(), u.address()));
        List<String[]> rows = rows("mailboxes.csv");

        assertThat(rows).extracting(r -> r[0]).containsExactlyInAnyOrderElementsOf(BY_MAILBOX.keySet());
        assertThat(rows).allSatisfy(r -> assertThat(r[1]).isEqualTo(addresses.get(r[0])));
    }

    @Test
    void everyMessageRowShouldExist() throws IOException {
        List<String[]> rows = rows("messages.csv");

        assertThat(rows).hasSize(ROWS).extracting(r -> r[1]).doesNotHaveDuplicates();
        assertThat(rows).allSatisfy(r -> assertThat(mailbox(r[0]))
                .anyMatch(m -> m.messageId().equals(r[1])));
    }

    @Test
    void everySearchTermShouldOccurAsAWholeWordInItsMailbox() throws IOException {
        Map<String, Set<String>> words = new HashMap<>();
        BY_MAILBOX.forEach((mailbox, messages) -> words.put(mailbox, wordsOf(messages)));
        Vocabulary vocabulary = Vocabulary.standard();
        List<String[]> rows = rows("search-text.csv");

        assertThat(rows).hasSize(ROWS).allSatisfy(r ->
                assertThat(words.get(r[0])).as(r[0] + " " + r[1]).contains(r[1]));
        long selective = rows.stream()
                .filter(r -> vocabulary.rank(r[1]) >= TermPicker.SKIP_MOST_FREQUENT).count();
        assertThat(selective).isGreaterThan(ROWS * 95L / 100);
    }

    @Test
    void everySenderShouldHaveWrittenToItsMailbox() throws IOException {
        assertThat(rows("search-from.csv")).hasSize(ROWS).allSatisfy(r ->
                assertThat(mailbox(r[0])).extracting(MailMessage::from).contains(r[1]));
    }

    @Test
    void everyDateRangeShouldHoldAMessageOfItsMailbox() throws IOException {
        assertThat(rows("date-range.csv")).hasSize(ROWS).allSatisfy(r -> {
            Instant after = Instant.parse(r[1]);
            Instant before = Instant.parse(r[2]);
            assertThat(r[1]).matches("\\d{4}-\\d{2}-\\d{2}T00:00:00Z");
            assertThat(Duration.between(after, before).toDays()).isBetween(7L, 90L);
            assertThat(mailbox(r[0])).anyMatch(m -> !m.receivedAt().isBefore(after)
                    && m.receivedAt().isBefore(before));
        });
    }

    @Test
    void sameSpecShouldWriteIdenticalBytes(@TempDir Path again) throws IOException {
        FeederWriter.write(SPEC, again, ROWS);

        for (String file : List.of("mailboxes.csv", "messages.csv", "search-text.csv",
                "search-from.csv", "date-range.csv")) {
            assertThat(Files.readAllBytes(again.resolve(file))).as(file)
                    .isEqualTo(Files.readAllBytes(dir.resolve("feeders").resolve(file)));
        }
    }

    @Test
    void smallCorpusShouldYieldEveryMessageOnce(@TempDir Path small) throws IOException {
        FeederSummary tiny = FeederWriter.write(new CorpusSpec(1, 30, 5), small, 100);

        assertThat(tiny.messages()).isEqualTo(30);
        assertThat(tiny.corpusMessages()).isEqualTo(30);
        assertThat(Files.readAllLines(small.resolve("messages.csv"))).hasSize(31);
    }

    @Test
    void badRowCountShouldBeRejected() {
        assertThatThrownBy(() -> FeederWriter.write(SPEC, dir, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rowsPerFile");
    }

    @Test
    void csvFieldsShouldBeQuotedOnlyWhenNeeded() {
        assertThat(CsvFiles.escape("mbx-00001")).isEqualTo("mbx-00001");
        assertThat(CsvFiles.escape("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvFiles.escape("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvFiles.escape("two\nlines")).isEqualTo("\"two\nlines\"");
    }

    private static List<MailMessage> mailbox(String mailboxId) {
        return BY_MAILBOX.getOrDefault(mailboxId, List.of());
    }

    private static Set<String> wordsOf(List<MailMessage> messages) {
        Set<String> words = new HashSet<>();
        for (MailMessage message : messages) {
            for (String text : List.of(message.subject(), message.body())) {
                for (String word : text.split("[^A-Za-z0-9]+")) {
                    words.add(word.toLowerCase(Locale.ROOT));
                }
            }
        }
        return words;
    }

    private static List<String> lines(String file) throws IOException {
        return Files.readAllLines(dir.resolve("feeders").resolve(file), StandardCharsets.UTF_8);
    }

    /** Data rows split on commas: no generated field needs quoting. */
    private static List<String[]> rows(String file) throws IOException {
        List<String> lines = lines(file);
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
    }
}
