package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.errors.ToolError;
import mailbench.knobs.Knobs;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;

class DuetTimingTest {

    private static final Instant START_AT = Instant.parse("2026-11-26T02:00:00Z");

    @TempDir
    Path dir;

    @Test
    void shouldReadHowLongASideWasReadyAheadAndItsMeasuredMinute() throws Exception {
        DuetTiming.Side side = DuetTiming.read(run("a", "" + START_AT.toEpochMilli(), "waiting 25.4 s for the agreed start " + START_AT, 60),
            START_AT);
        assertThat(side.readyAhead()).isEqualTo(Duration.ofMillis(25_400));
        assertThat(side.measuredStart()).isEqualTo(START_AT.plusSeconds(60));

        DuetTiming.Side late = DuetTiming.read(run("b", "" + START_AT.toEpochMilli(),
            "late for the agreed start " + START_AT + " by 3.5 s: the load starts now", 63), START_AT);
        assertThat(late.readyAhead()).isEqualTo(Duration.ofMillis(-3_500));
    }

    @Test
    void aPairShouldMeasureTogetherOrSayWhyItIsNotADuetPair() throws Exception {
        DuetTiming.Side base = DuetTiming.read(run("a", "" + START_AT.toEpochMilli(), "waiting 20.0 s for the agreed start x", 60), START_AT);
        DuetTiming.Side close = DuetTiming.read(run("b", "" + START_AT.toEpochMilli(), "waiting 0.5 s for the agreed start x", 61), START_AT);
        DuetTiming.Side apart = DuetTiming.read(run("c", "" + START_AT.toEpochMilli(), "late for the agreed start x by 9.0 s: now", 69), START_AT);

        assertThat(DuetTiming.whyApart(base, close)).isNull();
        assertThat(DuetTiming.whyApart(base, apart)).isEqualTo("the sides measured 51.0 s together of 60.0 s (base ready 20.0 s ahead,"
            + " current ready 9.0 s after the agreed start): not a duet pair");
    }

    @Test
    void aLatePairShouldGiveTheNextPairWhatItsSlowerSideTookAndRunnersShouldShareIt() throws Exception {
        // on a host cut to 0.4 of a core, a first pair's sides were ready 16.4 and 20.3 s after a 120 s lead
        DuetTiming.Side base = DuetTiming.read(run("a", "" + START_AT.toEpochMilli(), "late for the agreed start x by 16.4 s: now", 76),
            START_AT);
        DuetTiming.Side current = DuetTiming.read(run("b", "" + START_AT.toEpochMilli(), "late for the agreed start x by 20.3 s: now",
            80), START_AT);
        DuetTiming.Lead lead = new DuetTiming.Lead(Duration.ofSeconds(120));

        lead.learn(List.of(base, current), Duration.ofSeconds(15));

        assertThat(lead.get()).isEqualTo(Duration.ofMillis(155_300));
    }

    @Test
    void aPairItsRunnerDidNotCountShouldKeepTheReasonBesideTheRulesOwn() {
        Trial apart = new Trial(1, true, HostFitTest.run(0, 0.4, 50_000.0), HostFitTest.run(0, 0.4, 50_000.0), Duration.ofMinutes(5),
            "the sides measured 54.4 s together of 60.0 s");

        assertThat(apart.checked(HostFitTest.room(1.0, 1.0), HostFitTest.room(1.0, 1.0), PairRule.DEFAULT).notCounted())
            .isEqualTo("the sides measured 54.4 s together of 60.0 s");
        assertThat(apart.checked(HostFitTest.room(1.0, 9.0), HostFitTest.room(1.0, 1.0), PairRule.DEFAULT).notCounted())
            .startsWith("the sides measured 54.4 s together of 60.0 s; the JIT held 9.0%");
        assertThat(new Trial(1, true, HostFitTest.run(0, 0.4, 50_000.0), HostFitTest.run(0, 0.4, 50_000.0), Duration.ofMinutes(5))
            .checked(HostFitTest.room(1.0, 1.0), HostFitTest.room(1.0, 1.0), PairRule.DEFAULT).counted()).isTrue();
    }

    @Test
    void theNextLeadShouldBeWhatTheSlowerSideTookPlusAMargin() throws Exception {
        DuetTiming.Side quick = DuetTiming.read(run("a", "" + START_AT.toEpochMilli(), "waiting 70.0 s for the agreed start x", 60), START_AT);
        DuetTiming.Side slow = DuetTiming.read(run("b", "" + START_AT.toEpochMilli(), "waiting 50.0 s for the agreed start x", 60), START_AT);
        // lead 120 s: the slow side took 70 s to be ready
        assertThat(DuetTiming.nextLead(Duration.ofSeconds(120), List.of(quick, slow), Duration.ofSeconds(15))).isEqualTo(Duration.ofSeconds(85));
    }

    @Test
    void aCheckoutThatDoesNotKnowTheAgreedStartShouldBeNamed() throws Exception {
        Path old = run("old", null, "load starting", 60);
        assertThatThrownBy(() -> DuetTiming.read(old, START_AT)).isInstanceOf(ToolError.class)
            .hasMessageContaining("does not know -Dmailbench.startAt: its commit predates duets");
    }

    /** A run.json with the knob (null: not known to the run), one timeline event, and a minute measured from START_AT + offset. */
    private Path run(String name, String startAt, String event, int measuredFromSeconds) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(name));
        RunRecord record = new RunRecord();
        record.runId = name;
        if (startAt != null) {
            record.knobs.put(Knobs.START_AT.name(), startAt);
        }
        record.timeline.add(new RunRecord.Event(START_AT, event));
        record.measuredStart = START_AT.plusSeconds(measuredFromSeconds);
        record.measuredEnd = record.measuredStart.plusSeconds(60);
        RunFolder.of(folder).writeRecord(record);
        return folder;
    }
}
