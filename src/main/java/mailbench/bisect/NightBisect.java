package mailbench.bisect;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import mailbench.errors.ToolError;
import mailbench.nightly.NightlyJob;

/**
 * The bisection a night runs after it found a regression (nightly --bisect): the change of the night's first metric judged
 * a regression, read from its own pairs, looked for between its baseline and tonight's commit; the answer kept in the
 * night's record under "bisect". A bisection that cannot run leaves the night's verdict as it is and says why there.
 */
public final class NightBisect {

    /** Where the night's record keeps the bisection's answer. */
    public static final String KEY = "bisect";

    private NightBisect() {
    }

    /** Runs the bisection; returns its answer in one line. */
    public static String after(NightlyJob.Outcome night, BisectJob.Settings settings, PrintStream progress)
        throws IOException, InterruptedException {
        Map<String, Object> kept;
        String line;
        try {
            NightEffect effect = NightEffect.ofRegression(night.comparison().metrics(), "the night " + night.night());
            BisectJob.Outcome outcome = new BisectJob(settings, progress).run(effect);
            kept = new LinkedHashMap<>(BisectRecord.summary(outcome.bisection()));
            kept.put("record", outcome.record().toString());
            line = outcome.bisection().summary();
        } catch (ToolError e) {
            kept = Map.of("error", e.getMessage());
            line = "no bisection: " + e.getMessage();
        }
        night.amend(KEY, kept);
        return line;
    }
}
