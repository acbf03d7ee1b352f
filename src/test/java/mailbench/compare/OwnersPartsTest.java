package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.profiler.CollapsedStacks;

class OwnersPartsTest {

    /** 6 samples the client's, 3 the facade's own, 1 neither's. */
    private static final List<String> STACKS = List.of(
        "[httpclient-dispatch-1 tid=1];org/opensearch/client/json/JsonpDeserializer.deserialize_[j];byte[]_[i] 6",
        "[vert.x-eventloop-thread-0 tid=2];mailbench/facade/JsonReplies.serialised_[j];byte[]_[i] 3",
        "[vert.x-eventloop-thread-0 tid=2];io/netty/channel/nio/NioEventLoop.run_[j] 1");

    private static RunResult run(String name, double bytes, double cpuMs) {
        RunResult.Stats measured = new RunResult.Stats(60_000, 0, 1000, 2, 10, 20);
        CollapsedStacks stacks = CollapsedStacks.parse(STACKS);
        return new RunResult(name, "v", "completed", 500L, measured, Map.of(), cpuMs, Map.of(), stacks, Map.of(), Map.of(), Map.of(),
            List.of(), 60_000L, bytes, stacks, cpuMs);
    }

    @Test
    void aRunShouldSplitItsTotalsByTheProfilesShares() {
        RunResult.Owners owners = run("r", 50_000, 0.4).owners();

        assertThat(owners.clientBytesPerRequest()).isEqualTo(30_000.0);
        assertThat(owners.facadeBytesPerRequest()).isEqualTo(15_000.0);
        assertThat(owners.clientCpuMsPerRequest()).isEqualTo(0.24);
        assertThat(owners.facadeCpuMsPerRequest()).isEqualTo(0.12);
    }

    @Test
    void thePartsShouldBeShownWithTheirChangeButNeverJudged() {
        List<RunResult> base = new ArrayList<>();
        List<RunResult> current = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            base.add(run("b" + i, 50_000 + i * 10, 0.40));
            current.add(run("c" + i, 60_000 + i * 10, 0.40)); // +20% allocation, the same split: every part +20%
        }

        Comparison comparison = Comparer.compare(base, current, DefaultThresholds.VALUES);

        MetricVerdict total = comparison.metrics().stream().filter(m -> m.metric().equals("allocatedBytesPerRequest")).findFirst().orElseThrow();
        MetricVerdict client = comparison.metrics().stream().filter(m -> m.metric().equals("clientBytesPerRequest")).findFirst().orElseThrow();
        assertThat(total.outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(client.outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(client.worseBy()).isBetween(19.9, 20.1);
        assertThat(client.note()).startsWith("shown, not judged: a part of the judged total");
    }

    @Test
    void aRunWithoutProfilesShouldHaveNoParts() {
        RunResult.Stats measured = new RunResult.Stats(60_000, 0, 1000, 2, 10, 20);
        RunResult bare = new RunResult("r", "v", "completed", 500L, measured, Map.of(), null, Map.of(), null, Map.of(), Map.of(), Map.of(),
            List.of(), 60_000L, 50_000.0, null, null);

        assertThat(bare.owners()).isEqualTo(new RunResult.Owners(null, null, null, null));
    }
}
