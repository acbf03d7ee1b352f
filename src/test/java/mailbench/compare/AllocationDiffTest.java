package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.json.Json;
import mailbench.profiler.ProfileConverter;

/** The comparison's allocation diff, from run folders with allocation profiles as a run writes them. */
class AllocationDiffTest {

    private static final List<String> BASE_STACKS = List.of(
        "[vert.x-eventloop-thread-0 tid=2];handle_[j];encode_[j];byte[]_[i] 600",
        "[httpclient-dispatch-1 tid=1];run_[j];parse_[j];char[]_[i] 400");
    /** encode allocates a sixth of what it did; parse now also looks a service up, on every request. */
    private static final List<String> CURRENT_STACKS = List.of(
        "[vert.x-eventloop-thread-0 tid=2];handle_[j];encode_[j];byte[]_[i] 100",
        "[httpclient-dispatch-1 tid=1];run_[j];parse_[j];char[]_[i] 400",
        "[httpclient-dispatch-1 tid=1];run_[j];parse_[j];java/util/ServiceLoader.load_[j];java.lang.Object[]_[k] 500");

    @TempDir
    Path dir;

    /** A finished, profiled run folder; its allocation profile (collapsed stacks in bytes) when {@code allocation} is given. */
    private RunResult folder(String name, double bytesPerRequest, List<String> allocation) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("run.json"), "{\"variant\":\"default\",\"status\":\"completed\",\"machine\":{\"speedProbeMs\":500}}");
        Files.writeString(run.resolve("summary.json"), "{\"measured\":{\"requests\":60000,\"ko\":0,\"rps\":1000,\"p50Ms\":2,\"p95Ms\":5,"
            + "\"p99Ms\":9},\"profile\":{\"status\":\"captured\"},\"facade\":{\"allocatedBytesPerRequest\":" + bytesPerRequest + "}}");
        Path profile = Files.createDirectories(run.resolve("profile"));
        if (allocation != null) {
            Files.write(profile.resolve(ProfileConverter.ALLOC_COLLAPSED), allocation);
        }
        return RunResult.load(run);
    }

    private List<RunResult> base() throws Exception {
        return List.of(folder("b1", 10_000, BASE_STACKS), folder("b2", 10_400, BASE_STACKS));
    }

    @Test
    void shouldRankTheMethodsWhoseBytesPerRequestGrewAndShrank() throws Exception {
        List<RunResult> current = List.of(folder("c1", 12_000, CURRENT_STACKS), folder("c2", 12_400, CURRENT_STACKS));

        Comparison.AllocationChanges allocation = Comparer.compare(base(), current, DefaultThresholds.VALUES).allocationFrames();

        assertThat(allocation.notAvailable()).isNull();
        assertThat(allocation.grew()).as("run only passes parse's growth on; allocated classes are not methods")
            .extracting(Comparison.AllocationChange::frame).containsExactly("parse", "java/util/ServiceLoader.load");
        Comparison.AllocationChange load = allocation.grew().get(1);
        assertThat(load.baseBytesPerRequest()).isEqualTo(0.0);
        assertThat(load.currentBytesPerRequest()).as("half of the sampled bytes of 12,000 and 12,400 bytes per request").isEqualTo(6_100.0);
        assertThat(load.changeBytesPerRequest()).isEqualTo(6_100.0);
        assertThat(load.currentPercent()).isEqualTo(50.0);
        assertThat(load.beyondSpread()).as("6,100 bytes against runs 200 bytes apart").isTrue();
        assertThat(allocation.grew().get(0).changeBytesPerRequest()).as("4,080 -> 10,980").isEqualTo(6_900.0);
        assertThat(allocation.shrank()).as("handle only passes encode's drop on").extracting(Comparison.AllocationChange::frame)
            .containsExactly("encode");
        assertThat(allocation.shrank().get(0).changeBytesPerRequest()).as("6,120 -> 1,220").isEqualTo(-4_900.0);
    }

    @Test
    void aChangeWithinTheRunsSpreadShouldSaySo() throws Exception {
        List<RunResult> base = List.of(folder("b1", 10_000, BASE_STACKS), folder("b2", 16_000, BASE_STACKS));
        List<RunResult> current = List.of(folder("c1", 11_000, BASE_STACKS), folder("c2", 17_000, BASE_STACKS));

        Comparison.AllocationChange encode = Comparer.compare(base, current, DefaultThresholds.VALUES).allocationFrames().grew().stream()
            .filter(change -> change.frame().equals("encode")).findFirst().orElseThrow();

        assertThat(encode.changeBytesPerRequest()).as("60% of 13,000 -> 14,000").isEqualTo(600.0);
        assertThat(encode.changePoints()).isEqualTo(0.0);
        assertThat(encode.beyondSpread()).as("600 bytes against runs 3,600 bytes apart").isFalse();
    }

    /** Compares the base runs with these and writes the comparison's files into out/. */
    private List<Path> writeAgainst(List<RunResult> current) throws Exception {
        List<RunResult> base = base();
        return ComparisonReport.write(Comparer.compare(base, current, DefaultThresholds.VALUES), base, current, dir.resolve("out"));
    }

    @Test
    void shouldWriteTheListsAndBothDifferentialAllocationFlameGraphs() throws Exception {
        List<Path> files = writeAgainst(List.of(folder("c1", 12_000, CURRENT_STACKS), folder("c2", 12_400, CURRENT_STACKS)));

        assertThat(files).contains(dir.resolve("out").resolve(ComparisonReport.DIFF_ALLOC_GREW),
            dir.resolve("out").resolve(ComparisonReport.DIFF_ALLOC_SHRANK));
        String grew = Files.readString(dir.resolve("out").resolve(ComparisonReport.DIFF_ALLOC_GREW));
        // the page keeps frame names in a compressed pool: the method's name shows, its package prefix apart
        assertThat(grew).contains("<canvas", "heap bytes allocated: frames that grew in current", "ServiceLoader.load");
        assertThat(Files.readString(dir.resolve("out").resolve(ComparisonReport.DIFF_ALLOC_SHRANK))).contains("heap bytes allocated: base's shape");
        JsonNode json = Json.MAPPER.readTree(dir.resolve("out").resolve(ComparisonReport.JSON).toFile());
        assertThat(json.at("/allocationFrames/grew/1/frame").asText()).isEqualTo("java/util/ServiceLoader.load");
        assertThat(json.at("/allocationFrames/grew/1/changeBytesPerRequest").asDouble()).isEqualTo(6_100.0);
        assertThat(json.at("/allocationFrames/shrank/0/frame").asText()).isEqualTo("encode");
        String page = Files.readString(dir.resolve("out").resolve(ComparisonReport.HTML));
        assertThat(page).contains("Heap allocation: methods whose bytes allocated per request grew", "any facade thread",
            "\"allocationDiffs\":[\"" + ComparisonReport.DIFF_ALLOC_GREW + "\",\"" + ComparisonReport.DIFF_ALLOC_SHRANK + "\"]");
    }

    @Test
    void aRunWithoutTheAllocationProfileShouldMakeTheSectionNotAvailableAndFailNothing() throws Exception {
        List<RunResult> current = List.of(folder("c1", 12_000, CURRENT_STACKS), folder("c-no-alloc", 12_400, null));
        Comparison.AllocationChanges allocation = Comparer.compare(base(), current, DefaultThresholds.VALUES).allocationFrames();

        List<Path> files = writeAgainst(current);

        assertThat(allocation.notAvailable()).isEqualTo("not available: no allocation profile in c-no-alloc");
        assertThat(allocation.grew()).isEmpty();
        assertThat(allocation.shrank()).isEmpty();
        assertThat(files).extracting(path -> path.getFileName().toString())
            .doesNotContain(ComparisonReport.DIFF_ALLOC_GREW, ComparisonReport.DIFF_ALLOC_SHRANK).contains(ComparisonReport.HTML);
        assertThat(dir.resolve("out").resolve(ComparisonReport.DIFF_ALLOC_GREW)).doesNotExist();
        assertThat(Files.readString(dir.resolve("out").resolve(ComparisonReport.HTML))).contains("\"notAvailable\":\"not available: no allocation"
            + " profile in c-no-alloc\"", "\"allocationDiffs\":[]");
    }

    @Test
    void withoutBytesPerRequestTheListShouldRankByShareOfTheSampledBytes() throws Exception {
        RunResult withCount = folder("b1", 10_000, BASE_STACKS);
        RunResult noCount = new RunResult(withCount.name(), withCount.variant(), withCount.status(), withCount.speedProbeMs(),
            withCount.measured(), withCount.requests(), null, withCount.threadGroups(), null, withCount.versions(), withCount.knobs(),
            withCount.machine(), withCount.measuredErrorWindows(), withCount.measuredMillis(), null, withCount.allocationStacks());
        List<RunResult> current = List.of(folder("c1", 12_000, CURRENT_STACKS));

        Comparison.AllocationChanges allocation = Comparer.compare(List.of(noCount), current, DefaultThresholds.VALUES).allocationFrames();

        assertThat(allocation.grew()).extracting(Comparison.AllocationChange::frame).first().isEqualTo("java/util/ServiceLoader.load");
        assertThat(allocation.grew().get(0).changePoints()).isEqualTo(50.0);
        assertThat(allocation.grew().get(0).changeBytesPerRequest()).isNull();
        assertThat(allocation.grew().get(0).beyondSpread()).isNull();
    }
}
