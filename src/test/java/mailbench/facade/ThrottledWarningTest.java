package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class ThrottledWarningTest {

    @Test
    void shouldLetOneThroughPerIntervalAndCountTheRest() {
        AtomicLong now = new AtomicLong(1_000);
        ThrottledWarning warning = new ThrottledWarning(10, now::get);

        assertThat(warning.tryPass()).as("the first one passes").isZero();
        assertThat(warning.tryPass()).isEqualTo(-1);
        now.addAndGet(9);
        assertThat(warning.tryPass()).isEqualTo(-1);
        now.addAndGet(1);
        assertThat(warning.tryPass()).as("two held back since").isEqualTo(2);
        assertThat(warning.tryPass()).isEqualTo(-1);
        now.addAndGet(100);
        assertThat(warning.tryPass()).isEqualTo(1);
    }
}
