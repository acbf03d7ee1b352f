package mailbench.runfolder;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogScanner;
import org.HdrHistogram.HistogramLogWriter;

/**
 * latency.hlog: every measured response time of a run, per request name with OK and KO apart,
 * as HdrHistogram interval histograms in its text log format (one line per name and outcome,
 * spanning the measured window). summary.json's percentiles cannot be combined across runs;
 * these histograms add up without loss, so runs of several injectors merge into exact combined
 * percentiles (mailbench.merge). Gatling's own simulation.log would do too, but reading it needs
 * Gatling on the classpath, which mailbench.jar does not have.
 */
public final class LatencyLog {

    public static final String FILE = RunFolder.LATENCY_LOG;

    /** Response times are whole milliseconds in Gatling; an hour is far beyond any timeout. */
    public static final long MAX_MS = 3_600_000L;
    /** 3 significant digits: exact below 2,048 ms, within 0.1% above. */
    private static final int DIGITS = 3;
    private static final String OK = "ok:";
    private static final String KO = "ko:";

    private LatencyLog() {
    }

    /** The response times of one request name, split by outcome. */
    public record Outcomes(Histogram ok, Histogram ko) {

        public static Outcomes empty() {
            return new Outcomes(newHistogram(), newHistogram());
        }

        public long count() {
            return ok.getTotalCount() + ko.getTotalCount();
        }

        /** OK and KO together, as summary.json counts them. */
        public Histogram all() {
            Histogram all = newHistogram();
            all.add(ok);
            all.add(ko);
            return all;
        }

        /** Adds another run's histograms of the same name: lossless, the buckets are the same. */
        public void add(Outcomes other) {
            ok.add(other.ok);
            ko.add(other.ko);
        }
    }

    /** The measured phase: from the first measured request sent to the last, and its response times by name. */
    public record Measured(long startMillis, long endMillis, Map<String, Outcomes> byName) {

        public long count() {
            return byName.values().stream().mapToLong(Outcomes::count).sum();
        }

        /** Every name together. */
        public Outcomes total() {
            Outcomes total = Outcomes.empty();
            byName.values().forEach(total::add);
            return total;
        }
    }

    /** A histogram with the precision every run records with; it grows past {@link #MAX_MS} rather than fail on a merge. */
    public static Histogram newHistogram() {
        Histogram histogram = new Histogram(MAX_MS, DIGITS);
        histogram.setAutoResize(true);
        return histogram;
    }

    public static void write(Path file, Measured measured) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("[mailbench: measured response times in ms per request name; tags ok:/ko: + the URL-encoded name]");
            writer.outputLogFormatVersion();
            writer.outputStartTime(measured.startMillis());
            writer.outputLegend();
            double start = measured.startMillis() / 1000.0;
            double end = measured.endMillis() / 1000.0;
            measured.byName().forEach((name, outcomes) -> {
                // the writer refuses tags with spaces or commas: request names have both
                String tag = URLEncoder.encode(name, StandardCharsets.UTF_8);
                outputTagged(writer, OK + tag, start, end, outcomes.ok());
                outputTagged(writer, KO + tag, start, end, outcomes.ko());
            });
            writer.close();
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void outputTagged(HistogramLogWriter writer, String tag, double start, double end, Histogram histogram) {
        Histogram tagged = histogram.copy();
        tagged.setTag(tag);
        writer.outputIntervalHistogram(start, end, tagged, 1.0);
    }

    /** Reads a latency log; a line that is not one of ours is an error naming the file, never skipped. */
    public static Measured read(Path file) throws IOException {
        Map<String, Outcomes> byName = new TreeMap<>();
        long[] window = {Long.MAX_VALUE, Long.MIN_VALUE};
        String[] problem = {null};
        try (InputStream in = Files.newInputStream(file); HistogramLogScanner scanner = new HistogramLogScanner(in)) {
            scanner.process(new HistogramLogScanner.EventHandler() {
                @Override
                public boolean onComment(String comment) {
                    return false;
                }

                @Override
                public boolean onBaseTime(double secondsSinceEpoch) {
                    return false;
                }

                @Override
                public boolean onStartTime(double secondsSinceEpoch) {
                    return false;
                }

                @Override
                public boolean onHistogram(String tag, double timestamp, double length, HistogramLogScanner.EncodableHistogramSupplier reader) {
                    try {
                        problem[0] = add(byName, tag, reader.read());
                    } catch (DataFormatException | RuntimeException e) {
                        problem[0] = "a histogram that does not decode (" + e.getMessage() + ")";
                    }
                    window[0] = Math.min(window[0], Math.round(timestamp * 1000));
                    window[1] = Math.max(window[1], Math.round((timestamp + length) * 1000));
                    return problem[0] != null;
                }

                @Override
                public boolean onException(Throwable t) {
                    problem[0] = "a line that is not an interval histogram (" + t + ")";
                    return true;
                }
            });
        }
        if (problem[0] != null) {
            throw new IOException(file + " has " + problem[0]);
        }
        if (byName.isEmpty()) {
            throw new IOException(file + " holds no histogram");
        }
        return new Measured(window[0], window[1], byName);
    }

    /** Adds one tagged histogram; returns what is wrong with it, or null. */
    private static String add(Map<String, Outcomes> byName, String tag, EncodableHistogram read) {
        if (!(read instanceof Histogram histogram)) {
            return "a histogram of another kind than mailbench writes";
        }
        if (tag == null || !(tag.startsWith(OK) || tag.startsWith(KO))) {
            return "a histogram tagged '" + tag + "' (expected ok:<name> or ko:<name>)";
        }
        String name = URLDecoder.decode(tag.substring(OK.length()), StandardCharsets.UTF_8);
        Outcomes outcomes = byName.computeIfAbsent(name, n -> Outcomes.empty());
        (tag.startsWith(OK) ? outcomes.ok() : outcomes.ko()).add(histogram);
        return null;
    }
}
