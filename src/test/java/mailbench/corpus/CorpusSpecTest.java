package mailbench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CorpusSpecTest {

    @Test
    void defaultsShouldBeTheDocumentedKnobs() {
        CorpusSpec spec = CorpusSpec.defaults();

        assertThat(spec.seed()).isEqualTo(42);
        assertThat(spec.messages()).isEqualTo(100_000);
        assertThat(spec.users()).isEqualTo(1_000);
    }

    @Test
    void tooFewMessagesShouldNameTheKnobAndRange() {
        assertThatThrownBy(() -> new CorpusSpec(1, 0, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mailbench.corpus.messages must be between 1 and 10000000, got 0");
    }

    @Test
    void tooManyMessagesShouldNameTheKnobAndRange() {
        assertThatThrownBy(() -> new CorpusSpec(1, 10_000_001, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "mailbench.corpus.messages must be between 1 and 10000000, got 10000001");
    }

    @Test
    void badUserCountsShouldNameTheKnobAndRange() {
        assertThatThrownBy(() -> new CorpusSpec(1, 10, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mailbench.corpus.users must be between 1 and 1000000, got 0");
        assertThatThrownBy(() -> new CorpusSpec(1, 10, -5))
                .hasMessageStartingWith(CorpusSpec.USERS_KNOB);
        assertThatThrownBy(() -> new CorpusSpec(1, 10, 1_000_001))
                .hasMessage("mailbench.corpus.users must be between 1 and 1000000, got 1000001");
    }

    @Test
    void anySeedAndMoreUsersThanMessagesShouldBeAccepted() {
        CorpusSpec spec = new CorpusSpec(Long.MIN_VALUE, 1, 1_000_000);

        assertThat(new CorpusSpec(-1, spec.messages(), spec.users()).seed()).isEqualTo(-1);
        assertThat(spec.withMessages(5).messages()).isEqualTo(5);
        assertThat(new CorpusSpec(spec.seed(), spec.messages(), 3).users()).isEqualTo(3);
    }
}
