package mailbench.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Writes the Gatling CSV feeders of a corpus from one pass over its generator. Every row is
 * taken from a generated message, so every lookup, search and date range hits the corpus.
 */
public final class FeederWriter {

    public static final int DEFAULT_ROWS = 2_000;
    public static final int MAX_ROWS = 1_000_000;

    public static final String MAILBOXES = "mailboxes.csv";
    public static final String MESSAGES = "messages.csv";
    public static final String SEARCH_TEXT = "search-text.csv";
    public static final String SEARCH_FROM = "search-from.csv";
    public static final String DATE_RANGE = "date-range.csv";

    private static final int MIN_WINDOW_DAYS = 7;
    private static final int MAX_WINDOW_DAYS = 90;

    private FeederWriter() {
    }

    public static FeederSummary write(CorpusSpec spec, Path dir) throws IOException {
        return write(spec, dir, DEFAULT_ROWS);
    }

    /**
     * Generates the corpus of {@code spec} once and writes the five feeders into {@code dir}
     * (created if missing), sampling {@code rowsPerFile} messages per file, or all of them in a
     * smaller corpus. Each file is replaced atomically.
     */
    public static FeederSummary write(CorpusSpec spec, Path dir, int rowsPerFile)
            throws IOException {
        if (rowsPerFile < 1 || rowsPerFile > MAX_ROWS) {
            throw new IllegalArgumentException("rowsPerFile must be between 1 and " + MAX_ROWS
                    + ", got " + rowsPerFile);
        }
        CorpusGenerator corpus = new CorpusGenerator(spec);
        Samples samples = sample(corpus, rowsPerFile);
        Files.createDirectories(dir);
        List<String[]> mailboxes = mailboxRows(corpus.users(), samples.received);
        CsvFiles.write(dir.resolve(MAILBOXES), header("mailboxId", "address"), mailboxes);
        CsvFiles.write(dir.resolve(MESSAGES), header("mailboxId", "messageId"),
                samples.messages.rows());
        CsvFiles.write(dir.resolve(SEARCH_TEXT), header("mailboxId", "term"),
                samples.text.rows());
        CsvFiles.write(dir.resolve(SEARCH_FROM), header("mailboxId", "from"),
                samples.from.rows());
        CsvFiles.write(dir.resolve(DATE_RANGE), header("mailboxId", "after", "before"),
                samples.dates.rows());
        return new FeederSummary(samples.seen, mailboxes.size(), samples.messages.rows().size(),
                samples.text.rows().size(), samples.from.rows().size(),
                samples.dates.rows().size());
    }

    /** What one pass collects: which mailboxes got mail, and one reservoir per feeder. */
    private static final class Samples {
        final boolean[] received;
        final Reservoir messages;
        final Reservoir text;
        final Reservoir from;
        final Reservoir dates;
        long seen;

        Samples(int users, int rows) {
            received = new boolean[users];
            messages = new Reservoir(rows);
            text = new Reservoir(rows);
            from = new Reservoir(rows);
            dates = new Reservoir(rows);
        }
    }

    private static Samples sample(CorpusGenerator corpus, int rows) {
        UniformRandomProvider rng = Rngs.stream(corpus.spec().seed(), Rngs.FEEDERS);
        TermPicker terms = new TermPicker(Vocabulary.standard());
        Samples samples = new Samples(corpus.users().size(), rows);
        for (MailMessage message : corpus) {
            samples.seen++;
            String mailbox = message.mailboxId();
            samples.received[People.mailboxIndex(mailbox)] = true;
            int slot = samples.messages.offer(rng);
            if (slot >= 0) {
                samples.messages.put(slot, mailbox, message.messageId());
            }
            slot = samples.text.offer(rng);
            if (slot >= 0) {
                samples.text.put(slot, mailbox, terms.pick(message, rng));
            }
            slot = samples.from.offer(rng);
            if (slot >= 0) {
                samples.from.put(slot, mailbox, message.from());
            }
            slot = samples.dates.offer(rng);
            if (slot >= 0) {
                samples.dates.put(slot, dateRange(mailbox, message.receivedAt(), rng));
            }
        }
        return samples;
    }

    /** A whole-day window of 7 to 90 days placed at random around the message's day. */
    static String[] dateRange(String mailbox, Instant receivedAt, UniformRandomProvider rng) {
        int days = MIN_WINDOW_DAYS + rng.nextInt(MAX_WINDOW_DAYS - MIN_WINDOW_DAYS + 1);
        long day = Math.floorDiv(receivedAt.getEpochSecond(), MailClock.DAY) * MailClock.DAY;
        long after = day - rng.nextInt(days) * MailClock.DAY;
        long before = after + days * MailClock.DAY;
        return new String[] {mailbox, Instant.ofEpochSecond(after).toString(),
            Instant.ofEpochSecond(before).toString()};
    }

    private static List<String[]> mailboxRows(List<User> users, boolean[] received) {
        List<String[]> rows = new ArrayList<>();
        for (int i = 0; i < received.length; i++) {
            if (received[i]) {
                rows.add(new String[] {users.get(i).mailboxId(), users.get(i).address()});
            }
        }
        return rows;
    }

    private static String[] header(String... columns) {
        return columns;
    }
}
