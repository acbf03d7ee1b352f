package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import mailbench.facade.opensearch.SearchStats;

/** The facade's search counters as a run reads them: two snapshots, one difference, the means it derives. */
class SearchStatsTest {

    @Test
    void aPhaseShouldBeTheDifferenceOfItsTwoReadings() {
        SearchStats.Snapshot start = new SearchStats.Snapshot(10, 8, 8_000_000, 80_000_000);
        SearchStats.Snapshot end = new SearchStats.Snapshot(30, 28, 48_000_000, 280_000_000);

        SearchStats.Snapshot phase = end.minus(start);

        assertThat(phase).isEqualTo(new SearchStats.Snapshot(20, 20, 40_000_000, 200_000_000));
        assertThat(phase.bytesPerResponse()).isEqualTo(2_000_000.0);
        assertThat(phase.decodeMsPerResponse()).isEqualTo(10.0);
        // 40 MB in 0.2 s
        assertThat(phase.decodeMegabytesPerSecond()).isEqualTo(200.0);
    }

    @Test
    void nothingDecodedShouldGiveNoMeansRatherThanZeroOrInfinity() {
        SearchStats.Snapshot docValuesOnly = new SearchStats.Snapshot(50, 0, 0, 0);

        assertThat(docValuesOnly.bytesPerResponse()).isNull();
        assertThat(docValuesOnly.decodeMsPerResponse()).isNull();
        assertThat(docValuesOnly.decodeMegabytesPerSecond()).isNull();
    }

    @Test
    void aNewFacadeShouldStartAtZero() {
        assertThat(new SearchStats().snapshot()).isEqualTo(new SearchStats.Snapshot(0, 0, 0, 0));
    }
}
