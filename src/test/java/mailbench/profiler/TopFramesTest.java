package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.profiler.TopFrames.Frame;
import mailbench.profiler.TopFrames.Ranking;

class TopFramesTest {

    private static Ranking rank(int limit, String... lines) {
        return TopFrames.of(CollapsedStacks.parse(List.of(lines)), limit);
    }

    @Test
    void shouldCountSelfSamplesForTheLeafOnly() {
        Ranking ranking = rank(10, "[main];a;b;c 6", "[main];a;b 4");

        assertThat(ranking.self()).containsExactly(new Frame("c", 6, 60.0), new Frame("b", 4, 40.0));
    }

    @Test
    void shouldCountTotalSamplesForEveryMethodOnTheStack() {
        Ranking ranking = rank(10, "[main];a;b;c 6", "[main];a;b 4", "[main];d 10");

        assertThat(ranking.samples()).isEqualTo(20);
        assertThat(ranking.total()).containsExactly(
            new Frame("a", 10, 50.0), new Frame("b", 10, 50.0), new Frame("d", 10, 50.0), new Frame("c", 6, 30.0));
    }

    @Test
    void shouldCountARecursiveMethodOncePerStack() {
        Ranking ranking = rank(10, "[main];a;b;a;b;leaf 8", "[main];other 2");

        assertThat(ranking.total()).contains(new Frame("a", 8, 80.0), new Frame("b", 8, 80.0));
        assertThat(ranking.total()).allSatisfy(frame -> assertThat(frame.percent()).isLessThanOrEqualTo(100.0));
    }

    @Test
    void shouldMergeTheTypeSuffixesOfOneMethod() {
        Ranking ranking = rank(10, "[main];x;a_[j] 3", "[main];x_[0];a_[i] 2", "[main];x_[1];a_[j];a_[i] 1");

        assertThat(ranking.self()).containsExactly(new Frame("a", 6, 100.0));
        assertThat(ranking.total()).containsExactly(new Frame("a", 6, 100.0), new Frame("x", 6, 100.0));
    }

    @Test
    void shouldGiveSharesOfAllSamplesWithTwoDecimals() {
        Ranking ranking = rank(10, "[main];a 1", "[main];b 2");

        assertThat(ranking.self()).containsExactly(new Frame("b", 2, 66.67), new Frame("a", 1, 33.33));
    }

    @Test
    void shouldOrderBySamplesThenByName() {
        Ranking ranking = rank(10, "[main];m 5", "[main];z 7", "[main];b 5", "[main];a 1");

        assertThat(ranking.self()).extracting(Frame::frame).containsExactly("z", "b", "m", "a");
    }

    @Test
    void shouldKeepOnlyTheTopLimitButSharesOfAllSamples() {
        Ranking ranking = rank(2, "[main];a 1", "[main];b 2", "[main];c 3", "[main];d 4");

        assertThat(ranking.self()).containsExactly(new Frame("d", 4, 40.0), new Frame("c", 3, 30.0));
        assertThat(ranking.total()).hasSize(2);
        assertThat(ranking.samples()).isEqualTo(10);
    }

    @Test
    void shouldCountAStackWithoutFramesOnlyInTheSamples() {
        Ranking ranking = rank(10, "[main] 5", "[main];a 5");

        assertThat(ranking.samples()).isEqualTo(10);
        assertThat(ranking.self()).containsExactly(new Frame("a", 5, 50.0));
    }

    @Test
    void shouldGiveEmptyRankingsForNoStacks() {
        Ranking ranking = rank(10);

        assertThat(ranking.samples()).isZero();
        assertThat(ranking.self()).isEmpty();
        assertThat(ranking.total()).isEmpty();
    }
}
