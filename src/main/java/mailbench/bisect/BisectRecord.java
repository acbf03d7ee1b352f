package mailbench.bisect;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a bisection leaves in bisect.json: both ends, the effect it looked for, every step with its pairs and answer, the answer. */
final class BisectRecord {

    private BisectRecord() {
    }

    static Map<String, Object> of(CommitRange range, NightEffect effect, int pairs, BisectPlanner.Limits limits, BisectOutcome outcome,
                                  Instant started, Path folder, List<String> replayed) {
        Map<String, Object> entry = new LinkedHashMap<>(summary(outcome));
        entry.put("baseline", range.good());
        entry.put("bad", range.bad());
        entry.put("commits", range.commits());
        entry.put("metric", effect.metric().key());
        entry.put("effect", effect.effect());
        entry.put("spread", effect.spread());
        entry.put("effectFrom", effect.source());
        entry.put("pairsPlanned", pairs);
        entry.put("maxPairs", limits.maxPairs());
        entry.put("alpha", limits.alpha());
        entry.put("minutes", Math.round(Duration.between(started, Instant.now()).toSeconds() / 6.0) / 10.0);
        entry.put("folder", folder.toString());
        // a resumed bisection's rounds taken from its folder rather than made again ("minutes" counts only the resumed part)
        entry.put("replayed", replayed);
        List<Map<String, Object>> steps = new ArrayList<>();
        outcome.steps().forEach(step -> steps.add(step(step)));
        entry.put("steps", steps);
        return entry;
    }

    /** The answer alone: what a night that ran the bisection keeps of it. */
    static Map<String, Object> summary(BisectOutcome outcome) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("verdict", outcome.verdict().text());
        summary.put("culprit", outcome.culprit());
        summary.put("suspect", outcome.suspect());
        summary.put("parent", outcome.parent());
        summary.put("candidates", outcome.candidates());
        summary.put("why", outcome.why());
        return summary;
    }

    private static Map<String, Object> step(BisectStep step) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("step", step.number());
        record.put("kind", step.confirm() ? "confirm" : "narrow");
        record.put("good", step.good());
        record.put("tested", step.tested());
        record.put("pairs", step.changes().size());
        record.put("rounds", step.rounds());
        record.put("changes", step.changes());
        record.put("change", step.reading().change());
        record.put("pValue", step.reading().pValue());
        record.put("mde", step.reading().mde());
        record.put("answer", step.answer().text());
        record.put("reading", step.reading().note());
        return record;
    }
}
