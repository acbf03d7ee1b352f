package mailbench.changepoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.changepoint.ChangePoint.Direction;

/** E-Divisive on series of nights: an injected step found where it starts, identical nights left alone, the Nile's 1898. */
class ChangePointTest {

    private static final int NIGHTS = 30;
    private static final double NOISE = 0.02;

    /** {@code NIGHTS} nights around 100 with a 2% standard deviation, {@code stepPercent} higher from night {@code at} on. */
    static double[] nights(long seed, int at, double stepPercent) {
        Random random = new Random(seed);
        return IntStream.range(0, NIGHTS)
            .mapToDouble(night -> 100 * (night >= at ? 1 + stepPercent / 100 : 1) * (1 + NOISE * random.nextGaussian())).toArray();
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void shouldFindAnEightPercentStepAtTheNightItStarted(long seed) {
        List<ChangePoint> found = ChangePoints.find(nights(seed, 15, 8), false, ChangePoints.Settings.DEFAULTS);

        assertThat(found).hasSize(1);
        ChangePoint step = found.get(0);
        assertThat(step.index()).isBetween(14, 16);
        assertThat(step.stepPercent()).isBetween(5.0, 11.0);
        assertThat(step.direction()).as("more CPU a request is worse").isEqualTo(Direction.WORSE);
        assertThat(step.pValue()).isLessThanOrEqualTo(ChangePoints.Settings.ALPHA);
    }

    @Test
    void aStepDownOfAMetricWhereHigherIsBetterShouldBeWorseAndBackUpBetter() {
        double[] values = nights(11, 10, 0);
        for (int night = 10; night < 20; night++) {
            values[night] *= 0.92;
        }

        List<ChangePoint> found = ChangePoints.find(values, true, ChangePoints.Settings.DEFAULTS);

        assertThat(found).extracting(ChangePoint::index).containsExactly(10, 20);
        assertThat(found).extracting(ChangePoint::direction).containsExactly(Direction.WORSE, Direction.BETTER);
        assertThat(found.get(0).after()).isEqualTo(found.get(1).before());
    }

    /**
     * Identical code night after night: 200 series of pure noise. The test is the first split's, at level 0.01, so about
     * 2 series are expected to show a change point; measured: 2 (and 9 of 200 at level 0.05). More than the expected
     * count plus three standard deviations (2 + 3 * 1.4) would mean the test is too lenient.
     */
    @Test
    void nightsOfIdenticalCodeShouldShowAChangePointNoMoreOftenThanTheLevelAllows() {
        int series = 200;
        long alarms = IntStream.range(0, series)
            .filter(seed -> !ChangePoints.find(nights(1000 + seed, NIGHTS, 0), false, ChangePoints.Settings.DEFAULTS).isEmpty())
            .count();

        assertThat(alarms).isLessThanOrEqualTo(6);
    }

    @Test
    void theNileShouldDropIn1898() throws IOException {
        double[] flow = nile();

        List<ChangePoint> found = ChangePoints.find(flow, true, ChangePoints.Settings.DEFAULTS);

        assertThat(found).anySatisfy(drop -> {
            assertThat(1871 + drop.index() - 1).as("the last year of the old level").isBetween(1897, 1899);
            assertThat(drop.stepPercent()).isBetween(-25.0, -15.0);
            assertThat(drop.direction()).isEqualTo(Direction.WORSE);
        });
    }

    @Test
    void theSameSeriesShouldGetTheSameAnswer() {
        double[] values = nights(5, 15, 3);

        assertThat(ChangePoints.find(values, false, ChangePoints.Settings.DEFAULTS))
            .isEqualTo(ChangePoints.find(values.clone(), false, ChangePoints.Settings.DEFAULTS));
    }

    @Test
    void aFlatOrShortSeriesShouldHaveNone() {
        double[] flat = new double[NIGHTS];
        Arrays.fill(flat, 42);

        assertThat(ChangePoints.find(flat, false, ChangePoints.Settings.DEFAULTS)).isEmpty();
        assertThat(ChangePoints.find(new double[] {1, 1, 1, 9, 9}, false, ChangePoints.Settings.DEFAULTS))
            .as("fewer nights than two segments of 3").isEmpty();
    }

    @Test
    void settingsThatCanNeverBeSignificantShouldBeRefused() {
        assertThatThrownBy(() -> new ChangePoints.Settings(3, 0.0001, 999, 1)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("smallest p");
        assertThatThrownBy(() -> ChangePoints.Settings.of(1, 0.01)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The Nile's annual flow at Aswan, 1871-1970 (the test resource names its source). */
    static double[] nile() throws IOException {
        try (InputStream in = ChangePointTest.class.getResourceAsStream("nile.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(line -> !line.startsWith("#"))
                .flatMap(line -> Arrays.stream(line.trim().split("\\s+"))).mapToDouble(Double::parseDouble).toArray();
        }
    }
}
