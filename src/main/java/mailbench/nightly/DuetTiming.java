package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import mailbench.errors.ToolError;
import mailbench.knobs.Knobs;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;

/**
 * When the two sides of a duet pair were ready and measured, read from their run.json: a pair is a pair only if both
 * sides kept the agreed start and their measured minutes coincide; and how long the next pair's sides need to get ready.
 */
final class DuetTiming {

    /** The measured minutes of a pair must overlap this much of the shorter one, or the pair did not share its seconds. */
    static final double MIN_OVERLAP = 0.95;

    /** The words of a run's timeline event that tell it kept an agreed start; a baseline without them predates duets. */
    static final String WAITED_EVENT = "for the agreed start";
    private static final Pattern WAITED = Pattern.compile("^waiting ([0-9.]+) s " + WAITED_EVENT);
    private static final Pattern LATE = Pattern.compile("^late for the agreed start \\S+ by ([0-9.]+) s");

    /** One side: its run folder, its measured window, and how long it was ready before the agreed start (negative: late). */
    record Side(Path folder, Instant measuredStart, Instant measuredEnd, Duration readyAhead) {
    }

    private DuetTiming() {
    }

    static Side read(Path runFolder, Instant startAt) throws IOException {
        RunRecord record = RunFolder.of(runFolder).readRecord();
        String agreed = record.knobs.get(Knobs.START_AT.name());
        if (agreed == null || agreed.isBlank()) {
            throw new ToolError(runFolder + " was run by a checkout that does not know -D" + Knobs.START_AT.name()
                + ": its commit predates duets (pin a later baseline commit, or run --design interleaved)");
        }
        if (!agreed.equals(Long.toString(startAt.toEpochMilli()))) {
            throw new ToolError(runFolder + " kept another agreed start (" + agreed + ") than its pair's (" + startAt.toEpochMilli() + ")");
        }
        Duration ahead = null;
        for (RunRecord.Event event : record.timeline) {
            Matcher waited = WAITED.matcher(event.event());
            Matcher late = LATE.matcher(event.event());
            if (waited.find()) {
                ahead = seconds(waited.group(1));
            } else if (late.find()) {
                ahead = seconds(late.group(1)).negated();
            }
        }
        if (ahead == null || record.measuredStart == null || record.measuredEnd == null) {
            throw new ToolError(runFolder + " has no agreed start or no measured phase in its run.json: not one side of a duet pair");
        }
        return new Side(runFolder, record.measuredStart, record.measuredEnd, ahead);
    }

    /**
     * Why the two sides did not measure in the same seconds, or null when they did: a side that got ready after the agreed
     * start (a slow host's Maven and JVM starts) measured a minute of its own, so the pair is not a duet pair and is not
     * counted; the next pair's lead ({@link Lead}) gives the slower side what it took.
     */
    static String whyApart(Side base, Side current) {
        long overlap = Math.min(base.measuredEnd().toEpochMilli(), current.measuredEnd().toEpochMilli())
            - Math.max(base.measuredStart().toEpochMilli(), current.measuredStart().toEpochMilli());
        long shorter = Math.min(base.measuredEnd().toEpochMilli() - base.measuredStart().toEpochMilli(),
            current.measuredEnd().toEpochMilli() - current.measuredStart().toEpochMilli());
        if (shorter > 0 && overlap >= MIN_OVERLAP * shorter) {
            return null;
        }
        return "the sides measured " + Math.max(0, overlap) / 1000.0 + " s together of " + shorter / 1000.0 + " s (base "
            + ready(base) + ", current " + ready(current) + "): not a duet pair";
    }

    private static String ready(Side side) {
        long millis = side.readyAhead().toMillis();
        return millis < 0 ? "ready " + -millis / 1000.0 + " s after the agreed start" : "ready " + millis / 1000.0 + " s ahead";
    }

    /**
     * The next pair's lead: what the slower side took to get ready this time (the lead less its time ahead), plus a
     * margin; never shorter than that, so a slow start does not make the next pair late.
     */
    static Duration nextLead(Duration lead, List<Side> sides, Duration margin) {
        Duration slowest = Duration.ZERO;
        for (Side side : sides) {
            Duration took = lead.minus(side.readyAhead());
            if (took.compareTo(slowest) > 0) {
                slowest = took;
            }
        }
        return slowest.plus(margin);
    }

    /**
     * The time a duet's sides get to be ready before the agreed start, learnt pair by pair and kept across the runners of
     * one bench (fit pairs, counted pairs, a bisection's steps): on a host cut to 0.4 of a core a first pair's sides took
     * 136-140 s of the 120 s they were given, and every fit pair starting from 120 s again would have been late too.
     */
    static final class Lead {

        private Duration lead;

        Lead(Duration first) {
            this.lead = first;
        }

        Duration get() {
            return lead;
        }

        /** What the slower side of the pair just made took, plus {@code margin}. */
        void learn(List<Side> sides, Duration margin) {
            lead = nextLead(lead, sides, margin);
        }
    }

    private static Duration seconds(String value) {
        return Duration.ofMillis(Math.round(Double.parseDouble(value) * 1000));
    }
}
