package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProfileWindowTest {

    private static ProfileWindow window(int warmupSeconds, int durationSeconds, int trimSeconds) {
        return ProfileWindow.of(warmupSeconds, durationSeconds, trimSeconds).orElseThrow();
    }

    @Test
    void shouldTrimTheMeasuredPhaseOfTheDefaultRun() {
        ProfileWindow window = window(120, 60, ProfileWindow.DEFAULT_TRIM_SECONDS);

        assertThat(window).isEqualTo(new ProfileWindow(125, 175));
        assertThat(window.seconds()).isEqualTo(50);
    }

    @Test
    void shouldTrimAtMostAQuarterOfTheDuration() {
        assertThat(window(0, 10, 5)).isEqualTo(new ProfileWindow(2, 8));
    }

    @Test
    void shouldStartWithTheLoadWithoutWarmUpOrTrim() {
        assertThat(window(0, 60, 0)).isEqualTo(new ProfileWindow(0, 60));
    }

    @Test
    void shouldKeepTheOneSecondOfAOneSecondRun() {
        ProfileWindow window = window(30, 1, 5);

        assertThat(window).isEqualTo(new ProfileWindow(30, 31));
        assertThat(window.seconds()).isEqualTo(1);
    }

    @Test
    void shouldNotTrimWhenTrimIsZero() {
        assertThat(window(120, 60, 0)).isEqualTo(new ProfileWindow(120, 180));
    }
}
