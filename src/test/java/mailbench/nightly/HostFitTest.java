package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import mailbench.compare.RunResult;
import mailbench.errors.ToolError;
import mailbench.host.HostSpeed;

/** Which pairs count, and how fit pairs choose a duet's rate and warm-up, on made-up headroom: no load. */
class HostFitTest {

    static RunResult run(long ko, Double cpuMs, Double bytes) {
        RunResult.Stats measured = new RunResult.Stats(30_000, ko, 500, 2, 10, 20);
        return new RunResult("r", "v", "completed", 500L, measured, Map.of(), cpuMs, Map.of(), null, Map.of(), Map.of(), Map.of(),
            List.of(), 60_000L, bytes, null, cpuMs);
    }

    static Headroom room(double idleCores, double jitPercent) {
        return new Headroom(2, idleCores, 0.0, 0.1, jitPercent, null);
    }

    /** A run that read its request path's wait: {@code idleCores} as a hog or a quota would leave them. */
    static Headroom waited(double idleCores, double waitShare) {
        return new Headroom(2, idleCores, 0.0, 0.1, 1.0, waitShare);
    }

    /** The default rule with the request path's wait bounded at 10% of its runnable time. */
    static final PairRule WAIT_BOUNDED = new PairRule(0.25, 5.0, 1.0, 0.10);

    static Trial pair(Headroom base, Headroom current) {
        return pair(base, current, PairRule.DEFAULT);
    }

    static Trial pair(Headroom base, Headroom current, PairRule rule) {
        return new Trial(1, true, run(0, 0.4, 50_000.0), run(0, 0.4, 50_000.0), Duration.ofMinutes(4)).checked(base, current, rule);
    }

    @Nested
    class WhichPairsCount {

        @Test
        void aPairWithRoomAndAFinishedJitShouldCount() {
            assertThat(pair(room(0.8, 0.5), room(0.7, 1.0)).notCounted()).isNull();
        }

        @Test
        void aSaturatedHostShouldDropThePairAndSaySo() {
            assertThat(pair(room(0.14, 0.5), room(0.1, 0.5)).notCounted()).isEqualTo("the host had 5% of its cores idle (at least 25%)");
        }

        @Test
        void underACpuQuotaIdleShouldBeAShareOfTheQuotaNotOfTheMachinesCores() {
            // half a core allowed, 0.05 of it left: the machine's 2 cores would call that 2.5% idle, the quota 10%
            Headroom throttled = new Headroom(2, 0.05, 0.0, 0.1, 0.5, null, 0.5, 0.8);
            assertThat(throttled.idleShare()).isEqualTo(0.1);
            assertThat(pair(throttled, throttled).notCounted()).isEqualTo("the host had 10% of its cores idle (at least 25%)");
            Headroom roomy = new Headroom(2, 0.2, 0.0, 0.1, 0.5, null, 0.5, 0.0);
            assertThat(pair(roomy, roomy).notCounted()).isNull();
            assertThat(roomy.asRecord()).containsEntry("quotaCores", 0.5).containsEntry("throttled", 0.0);
            assertThat(room(0.8, 0.5).asRecord()).doesNotContainKey("quotaCores");
        }

        @Test
        void aCompilingJitShouldDropThePair() {
            assertThat(pair(room(0.8, 0.5), room(0.8, 33.0)).notCounted())
                .isEqualTo("the JIT held 33.0% of a facade's CPU samples (at most 5.0%)");
        }

        @Test
        void failuresOnBothSidesOrAMetricOnlyOneSideHasShouldDropThePair() {
            Trial failing = new Trial(1, true, run(16_800, 0.8, null), run(17_100, 0.4, 50_000.0), Duration.ofMinutes(4))
                .checked(room(0.8, 0.5), room(0.8, 0.5), PairRule.DEFAULT);
            assertThat(failing.notCounted()).isEqualTo("both sides failed requests (base 56.00%, current 57.00%; at most 1.00%);"
                + " base has no allocation per request");
        }

        @Test
        void aBaselineThatPredatesTheRequestPathCountShouldNotLoseEveryPairForLackingIt() {
            // a baseline before e1d1d4c: its runs have the process's CPU count but not the request path's
            Trial older = new Trial(1, true, run(0, 0.4, 50_000.0), run(0, 0.4, 50_000.0).withRequestPathCpuMsPerRequest(0.3),
                Duration.ofMinutes(4));
            assertThat(older.checked(room(0.8, 0.5), room(0.8, 0.5), PairRule.DEFAULT).notCounted())
                .isEqualTo("base has no request-path CPU per request");
            PairRule processCpu = PairRule.DEFAULT.withoutRequestPath();
            assertThat(older.checked(room(0.8, 0.5), room(0.8, 0.5), processCpu).counted()).isTrue();
            assertThat(processCpu.requestPath()).isFalse();
            assertThat(new PairBench.Settings(NightlyJob.Design.DUET, true, PairRule.DEFAULT, 2).withoutRequestPath().pairRule())
                .as("the bench's settings keep the rest of the rule").isEqualTo(processCpu);
            Trial noCpu = new Trial(1, true, run(0, null, 50_000.0), run(0, 0.4, 50_000.0), Duration.ofMinutes(4));
            assertThat(noCpu.checked(room(0.8, 0.5), room(0.8, 0.5), processCpu).notCounted())
                .as("the process's count, which the verdict then judges, is still needed on both sides")
                .isEqualTo("base has no CPU per request");
        }

        @Test
        void aCommitThatFailsEveryRequestShouldBeCountedForTheKoMetricToJudge() {
            Trial broken = new Trial(1, true, run(0, 0.25, 56_000.0), run(30_000, 0.10, 15_000.0), Duration.ofMinutes(4))
                .checked(room(0.8, 0.5), room(0.8, 0.5), PairRule.DEFAULT);
            assertThat(broken.counted()).isTrue();
        }

        @Test
        void aRequestPathThatQueuedShouldDropThePairWhateverTheIdleCores() {
            // a CPU quota leaves cores idle while the facade waits for its share of them
            assertThat(pair(waited(0.9, 0.04), waited(0.9, 0.23), WAIT_BOUNDED).notCounted())
                .isEqualTo("a facade's request path waited for a core 23% of its runnable time (at most 10%)");
            assertThat(pair(waited(0.9, 0.04), waited(0.9, 0.23)).counted()).as("by default the wait is only recorded").isTrue();
        }

        @Test
        void aHogThatLeavesNoCoreIdleShouldNotDropAPairWhoseRequestPathDidNotWait() {
            // a niced hog takes every idle cycle, yet the facade's threads get a core as soon as they want one
            assertThat(pair(waited(0.0, 0.03), waited(0.0, 0.04), WAIT_BOUNDED).counted()).isTrue();
            assertThat(pair(waited(0.0, 0.03), waited(0.0, 0.04)).notCounted()).as("by default idle cores decide")
                .isEqualTo("the host had 0% of its cores idle (at least 25%)");
        }

        @Test
        void aHostThatCannotTellShouldNotDropThePair() {
            assertThat(pair(Headroom.UNKNOWN, Headroom.UNKNOWN).counted()).isTrue();
        }

        @Test
        void badBoundsShouldNameTheirOption() {
            assertThatThrownBy(() -> new PairRule(1.0, 2, 0.1, 0.1)).isInstanceOf(ToolError.class).hasMessageContaining("--min-idle");
            assertThatThrownBy(() -> new PairRule(0.25, 0, 0.1, 0.1)).hasMessageContaining("--max-jit");
            assertThatThrownBy(() -> new PairRule(0.25, 2, -1, 0.1)).hasMessageContaining("--max-pair-ko");
            assertThatThrownBy(() -> new PairRule(0.25, 2, 1, 0)).hasMessageContaining("--max-wait");
        }
    }

    @Nested
    class TheRate {

        @Test
        void aSaturatedHostShouldHalveTheRateSinceItHidesItsDemand() {
            assertThat(HostFit.fittedRate(1000, 0.02, 0.25, 1000)).isEqualTo(500);
        }

        @Test
        void aBusyHostShouldGetTheRateWhoseBusyCoresLeaveTheIdleShareAndAMargin() {
            // 10% of the cores idle at 1,000 req/s: 65% busy at 1000 * 0.65 / 0.9 = 722 -> 700
            assertThat(HostFit.fittedRate(1000, 0.10, 0.25, 1000)).isEqualTo(700);
        }

        @Test
        void theRateShouldStayWithinTheAskedRateAndTheLowest() {
            assertThat(HostFit.fittedRate(500, 0.90, 0.25, 1000)).isEqualTo(1000);
            assertThat(HostFit.fittedRate(100, 0.01, 0.25, 1000)).isEqualTo(HostFit.LOWEST_RATE);
        }
    }

    @Nested
    class TheFit {

        private final List<String> said = new ArrayList<>();
        private final List<HostFit.Tuning> ran = new ArrayList<>();

        private HostFit.Outcome fit(HostFit.Tuning start, List<Trial> pairs) throws Exception {
            return fit(PairRule.DEFAULT, start, pairs);
        }

        private HostFit.Outcome fit(PairRule rule, HostFit.Tuning start, List<Trial> pairs) throws Exception {
            return new HostFit(rule, HostFit.MOST_FIT_PAIRS, said::add).fit(start, (index, tuning) -> {
                ran.add(tuning);
                return pairs.get(index - 1);
            });
        }

        @Test
        void aColdFirstPairShouldBeCheckedAgainOnTheWarmNode() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(1000, 120, false, false),
                List.of(pair(room(0.0, 45), room(0.0, 44)), pair(room(0.9, 1.0), room(0.9, 1.5)), pair(room(0.9, 1.0), room(0.9, 1.0))));

            assertThat(ran).extracting(HostFit.Tuning::rate).containsExactly(1000, 500);
            assertThat(ran).extracting(HostFit.Tuning::warmupSeconds).containsExactly(120, 240);
            assertThat(outcome.tuning()).isEqualTo(new HostFit.Tuning(500, 240, false, false));
            assertThat(said).last().isEqualTo("the counted pairs run at 500 req/s (250 a side), warm-up 240 s");
        }

        @Test
        void aCountedPairShouldBeEstimatedFromTheSlowestFitPairAtTheChosenWarmUp() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(1000, 120, false, false),
                List.of(pair(room(0.8, 12), room(0.8, 11)), pair(room(0.9, 1.0), room(0.9, 1.5))));

            // each made-up pair took 4 min; the first ran 120 s of warm-up where the counted pairs will run 240 s
            assertThat(outcome.pairEstimate()).isEqualTo(Duration.ofMinutes(6));
        }

        @Test
        void aFirstPairWithRoomShouldBeTheOnlyFitPair() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(1000, 120, false, false), List.of(pair(room(0.8, 0.5), room(0.8, 0.5))));

            assertThat(outcome.steps()).hasSize(1);
            assertThat(outcome.tuning().rate()).isEqualTo(1000);
        }

        @Test
        void namedKnobsShouldOnlyBeChecked() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(1000, 120, true, true),
                List.of(pair(room(0.0, 45), room(0.0, 44)), pair(room(0.1, 10), room(0.1, 10))));

            assertThat(ran).containsOnly(new HostFit.Tuning(1000, 120, true, true));
            assertThat(outcome.steps()).hasSize(2);
            assertThat(outcome.steps().get(1).finding()).contains("it would not count").endsWith("keep 1000 req/s (500 a side) as named,"
                + " warm-up 120 s as named");
        }

        @Test
        void theWaitShouldBeSaidButNeverChooseTheRate() throws Exception {
            HostFit.Outcome outcome = fit(WAIT_BOUNDED, new HostFit.Tuning(1000, 120, false, false), List.of(
                pair(waited(1.0, 0.50), waited(1.0, 0.48), WAIT_BOUNDED), pair(waited(1.0, 0.52), waited(1.0, 0.50), WAIT_BOUNDED)));

            assertThat(ran).extracting(HostFit.Tuning::rate).as("idle cores left room: a lower rate is not known to cut the wait")
                .containsExactly(1000, 1000);
            assertThat(outcome.tuning().rate()).isEqualTo(1000);
            assertThat(said.get(0)).as("announced without saying it will not count: the pair the fit ends on may count")
                .isEqualTo("fit pair 1: 1000 req/s (500 a side), warm-up 120 s (it counts as pair 1 if the fit keeps this and the"
                    + " host leaves it room)");
            assertThat(said.get(1)).startsWith("fit pair 1: request path waited 50% of its runnable time, idle 50% of the cores");
        }

        @Test
        void theLastFitPairShouldCountWhenItRanWithTheChosenTuningAndPassedTheRule() throws Exception {
            HostFit.Outcome lowered = fit(new HostFit.Tuning(1000, 120, false, false),
                List.of(pair(room(0.0, 1), room(0.0, 1)), pair(room(0.9, 1), room(0.9, 1))));
            assertThat(lowered.steps()).hasSize(2);
            assertThat(lowered.countable()).isSameAs(lowered.steps().get(1).trial());

            HostFit.Outcome changedAfterTheLast = fit(new HostFit.Tuning(1000, 120, false, false), List.of(pair(room(0.0, 1), room(0.0, 1)),
                pair(room(1.4, 1), room(1.4, 1)), pair(room(0.1, 1), room(0.1, 1))));
            assertThat(changedAfterTheLast.countable()).as("the chosen rate differs from the one it ran").isNull();
        }

        @Test
        void aRaiseShouldOnlyBeMadeWhileAFitPairCanCheckIt() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(1000, 120, false, false), List.of(pair(room(0.0, 1), room(0.0, 1)),
                pair(room(1.4, 1), room(1.4, 1)), pair(room(0.1, 1), room(0.1, 1))));

            assertThat(ran).extracting(HostFit.Tuning::rate).containsExactly(1000, 500, 1000);
            assertThat(outcome.tuning().rate()).as("lowered after the last fit pair, never raised").isEqualTo(650);
        }
    
        @Test
        void aHostWithRoomWhoseCompilersAreFarFromDoneShouldLeaveTheFacadesToC1() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(100, 120, false, false),
                List.of(pair(room(0.8, 72), room(0.9, 55)), pair(room(0.8, 1.0), room(0.8, 0.5))));

            assertThat(ran).extracting(HostFit.Tuning::jit).containsExactly(FacadeJit.TIERED, FacadeJit.C1);
            assertThat(ran).extracting(HostFit.Tuning::warmupSeconds).as("C1, not a longer warm-up").containsExactly(120, 120);
            assertThat(outcome.tuning().jit()).isEqualTo(FacadeJit.C1);
            assertThat(outcome.countable()).as("the C1 pair ran with the chosen tuning and counts").isSameAs(outcome.steps().get(1).trial());
            assertThat(said).last().isEqualTo("the counted pairs run at 100 req/s (50 a side), warm-up 120 s, facades C1 only"
                + " (-XX:TieredStopAtLevel=1)");
        }

        @Test
        void atTheLowestRateCompilersThatTakeTheIdleShouldBeLeftToC1() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(HostFit.LOWEST_RATE, 120, false, false),
                List.of(pair(room(0.02, 77), room(0.02, 76)), pair(room(0.6, 1.0), room(0.6, 0.5))));

            assertThat(ran).extracting(HostFit.Tuning::jit).containsExactly(FacadeJit.TIERED, FacadeJit.C1);
            assertThat(outcome.tuning().rate()).isEqualTo(HostFit.LOWEST_RATE);
        }

        @Test
        void atTheLowestRateAStarvedJitShouldKeepTheWarmUpForTheWarmNodeToCheck() throws Exception {
            HostFit.Tuning small = new HostFit.Tuning(HostFit.LOWEST_RATE, 30, false, false, FacadeJit.C1, false, 60);
            HostFit.Outcome outcome = fit(small, List.of(pair(room(0.0, 6.9), room(0.0, 6.1)), pair(room(0.6, 3.0), room(0.6, 2.0))));

            assertThat(ran).as("no room: the compilers lacked cores, not seconds").containsExactly(small, small);
            assertThat(outcome.tuning()).isEqualTo(small);
            assertThat(outcome.countable()).as("the warm node's pair ran with the kept tuning and counts")
                .isSameAs(outcome.steps().get(1).trial());

            ran.clear();
            HostFit.Outcome withRoom = fit(small, List.of(pair(room(0.6, 6.9), room(0.6, 6.1)), pair(room(0.6, 3.0), room(0.6, 2.0))));
            assertThat(ran).extracting(HostFit.Tuning::warmupSeconds).as("with room, a JIT over the bound lacked seconds")
                .containsExactly(30, 60);
            assertThat(withRoom.tuning().warmupSeconds()).isEqualTo(60);
        }

        @Test
        void aboveTheLowestRateASaturatedHostShouldFirstGetALowerRate() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(100, 120, false, false),
                List.of(pair(room(0.02, 77), room(0.02, 76)), pair(room(0.6, 1.0), room(0.6, 0.5))));

            assertThat(ran).extracting(HostFit.Tuning::rate).containsExactly(100, 50);
            assertThat(ran).extracting(HostFit.Tuning::jit).as("the lower rate may leave the compilers room")
                .containsOnly(FacadeJit.TIERED);
            assertThat(outcome.tuning().rate()).isEqualTo(50);
        }

        @Test
        void aJitBoundThatAllowsTheCompilersShouldLeaveThemAlone() throws Exception {
            PairRule anyJit = new PairRule(0.0, 100, 100, 1);
            HostFit.Outcome outcome = fit(anyJit, new HostFit.Tuning(100, 5, true, true),
                List.of(pair(room(0.6, 72), room(0.7, 55), anyJit)));

            assertThat(outcome.tuning().jit()).isEqualTo(FacadeJit.TIERED);
            assertThat(outcome.countable()).as("a miniature night's fit pair counts as its pair 1").isNotNull();
        }

        @Test
        void aNamedRateOnASaturatedHostShouldGetALongerWarmUpNotC1() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(1000, 120, true, false),
                List.of(pair(room(0.0, 45), room(0.0, 44)), pair(room(0.9, 1.0), room(0.9, 1.0))));

            assertThat(ran).extracting(HostFit.Tuning::jit).containsOnly(FacadeJit.TIERED);
            assertThat(outcome.tuning().warmupSeconds()).isEqualTo(240);
        }

        @Test
        void compilersStillBusyButCatchingUpShouldGetALongerWarmUpNotC1() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(1000, 120, false, false),
                List.of(pair(room(0.8, 12), room(0.8, 9)), pair(room(0.8, 1.0), room(0.8, 1.0))));

            assertThat(ran).extracting(HostFit.Tuning::jit).containsOnly(FacadeJit.TIERED);
            assertThat(outcome.tuning().warmupSeconds()).isEqualTo(240);
        }

        @Test
        void aNamedCompilerTierShouldOnlyBeChecked() throws Exception {
            HostFit.Outcome outcome = fit(new HostFit.Tuning(100, 120, false, false, FacadeJit.TIERED, true),
                List.of(pair(room(0.6, 72), room(0.7, 55)), pair(room(0.6, 30), room(0.6, 30)), pair(room(0.6, 3), room(0.6, 3))));

            assertThat(ran).extracting(HostFit.Tuning::jit).containsOnly(FacadeJit.TIERED);
            assertThat(ran).extracting(HostFit.Tuning::warmupSeconds).containsExactly(120, 240, 480);
        }
    }

    @Nested
    class TheFirstRate {

        @Test
        void aFastHostShouldStartAtTheRateAskedFor() {
            assertThat(HostFit.startRate(1000, new HostSpeed.Reading(2, 300))).isEqualTo(1000);
            assertThat(HostFit.startRate(1000, new HostSpeed.Reading(2, 390))).isEqualTo(1000);
        }

        @Test
        void aHostAtHalfTheSpeedShouldStartNearWhatItHolds() {
            // the slow VM of the night's issue: 2 cores, a probe of 700 ms; a duet of 600 req/s left it 26-30% idle
            assertThat(HostFit.startRate(1000, new HostSpeed.Reading(2, 700))).isEqualTo(550);
            // a host of 0.8 of the reference host's cores starts scaled, still with C2
            assertThat(HostFit.startRate(1000, new HostSpeed.Reading(1, 490))).isEqualTo(350);
            assertThat(HostFit.startJit(new HostSpeed.Reading(1, 490))).isEqualTo(FacadeJit.TIERED);
            assertThat(HostFit.startJit(new HostSpeed.Reading(2, 700))).isEqualTo(FacadeJit.TIERED);
        }

        @Test
        void aSmallHostShouldStartWhereTheFitWouldEnd() {
            // this project's fast host under a 0.42-core quota, a probe of 690 ms: 0.24 of the reference host's cores;
            // scaled it would start at 117 -> 100, which kept a quarter of that host idle in 1 of 6 pairs
            HostSpeed.Reading quota = new HostSpeed.Reading(0.42, 690);
            assertThat(HostFit.referenceCores(quota)).isCloseTo(0.237, org.assertj.core.data.Offset.offset(0.001));
            assertThat(HostFit.small(quota)).isTrue();
            assertThat(HostFit.startRate(1000, quota)).isEqualTo(HostFit.LOWEST_RATE);
            assertThat(HostFit.startJit(quota)).isEqualTo(FacadeJit.C1);
            // and its pairs are short, so that a night holds more of them: 30 s of warm-up, the runs' minute measured
            assertThat(HostFit.startWarmupSeconds(quota, 120)).isEqualTo(30);
            assertThat(HostFit.startMeasuredSeconds(quota)).isEqualTo(60);
        }

        @Test
        void aHostThatIsNotSmallOrNotReadShouldKeepTheDefaultWarmUpAndMinute() {
            assertThat(HostFit.startWarmupSeconds(new HostSpeed.Reading(2, 700), 120)).isEqualTo(120);
            assertThat(HostFit.startMeasuredSeconds(new HostSpeed.Reading(2, 700))).isEqualTo(60);
            assertThat(HostFit.startWarmupSeconds(null, 120)).isEqualTo(120);
            assertThat(HostFit.startMeasuredSeconds(null)).isEqualTo(60);
        }

        @Test
        void aTuningShouldSayItsMeasuredPhaseOnlyWhenItIsNotTheRunsMinute() {
            assertThat(new HostFit.Tuning(50, 60, false, false, FacadeJit.C1, false, 120).describe())
                .isEqualTo("50 req/s (25 a side), warm-up 60 s, measured 120 s, facades C1 only (-XX:TieredStopAtLevel=1)");
            assertThat(new HostFit.Tuning(550, 120, false, false).describe()).isEqualTo("550 req/s (275 a side), warm-up 120 s");
        }

        @Test
        void theFirstRateShouldStayBetweenTheLowestAndTheRateAskedFor() {
            assertThat(HostFit.startRate(1000, new HostSpeed.Reading(0.1, 3000))).isEqualTo(HostFit.LOWEST_RATE);
            assertThat(HostFit.startRate(60, new HostSpeed.Reading(0.1, 3000))).isEqualTo(HostFit.LOWEST_RATE);
            assertThat(HostFit.startRate(40, new HostSpeed.Reading(0.1, 3000))).isEqualTo(40);
            assertThat(HostFit.startRate(400, new HostSpeed.Reading(8, 200))).isEqualTo(400);
        }
    }

    @Nested
    class TheFacadesJit {

        @Test
        void c1ShouldBeAddedToWhateverJvmOptionsASideHasAndLeaveGatlingsJvmAlone() {
            assertThat(FacadeJit.C1.added(Map.of())).as("Gatling keeps its own tier: on C1 it made the sides differ")
                .containsOnly(Map.entry("mailbench.facade.jvmArgs", "-XX:TieredStopAtLevel=1"));
            assertThat(FacadeJit.C1.added(Map.of("mailbench.facade.jvmArgs", " -Xss512k ")))
                .containsEntry("mailbench.facade.jvmArgs", "-Xss512k -XX:TieredStopAtLevel=1");
            assertThat(FacadeJit.C1.added(Map.of("mailbench.gatling.jit", "c1"))).as("Gatling's JIT named by the operator stays theirs")
                .containsOnlyKeys("mailbench.facade.jvmArgs");
            assertThat(FacadeJit.TIERED.added(Map.of("mailbench.facade.jvmArgs", "-Xss512k"))).isEmpty();
        }

        @Test
        void aTierTheOperatorNamedShouldBeTheirs() {
            assertThat(FacadeJit.named(Map.of("mailbench.facade.jvmArgs", "-XX:TieredStopAtLevel=4"))).isTrue();
            assertThat(FacadeJit.named(Map.of("mailbench.facade.jvmArgs", "-Xss512k"))).isFalse();
            assertThat(FacadeJit.named(Map.of())).isFalse();
        }
    }
}
