package mailbench.knobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class RateSharesTest {

    @Test
    void theSharesShouldAddUpToTheTotalAndDifferByOneAtMost() {
        for (int parts : new int[] {1, 2, 3, 7}) {
            for (int total : new int[] {7, 8, 50, 1001}) {
                RateShares shares = new RateShares(total, parts);
                int[] each = IntStream.range(0, parts).map(shares::of).toArray();
                assertThat(IntStream.of(each).sum()).as(parts + " parts of " + total).isEqualTo(total);
                assertThat(IntStream.of(each).max().orElseThrow() - IntStream.of(each).min().orElseThrow()).isBetween(0, 1);
                assertThat(shares.equal()).isEqualTo(total % parts == 0);
            }
        }
        assertThat(new RateShares(1001, 2).of(0)).as("the remainder to the first part").isEqualTo(501);
        assertThat(new RateShares(1001, 2).of(1)).isEqualTo(500);
    }

    @Test
    void aTotalTooSmallToShareShouldNameTheKnob() {
        assertThatThrownBy(() -> new RateShares(2, 3)).hasMessageContaining("-Dmailbench.rate=2").hasMessageContaining("3 or more");
        assertThatThrownBy(() -> new RateShares(5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RateShares(4, 2).of(2)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
