package mailbench.knobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KnobTest {

    private static final String NAME = "mailbench.test.knob";
    private static final Knob KNOB = new Knob(NAME, "5", "A knob only these tests read.");

    private String saved;

    @BeforeEach
    void clearProperty() {
        saved = System.getProperty(NAME);
        System.clearProperty(NAME);
    }

    @AfterEach
    void restoreProperty() {
        if (saved == null) {
            System.clearProperty(NAME);
        } else {
            System.setProperty(NAME, saved);
        }
    }

    @Nested
    class Value {

        @Test
        void valueShouldBeTheDefaultWhenThePropertyIsUnset() {
            assertThat(KNOB.value()).isEqualTo("5");
        }

        @Test
        void valueShouldBeTheDefaultWhenThePropertyIsBlank() {
            System.setProperty(NAME, "   ");

            assertThat(KNOB.value()).isEqualTo("5");
        }

        @Test
        void valueShouldBeThePropertyWithoutSurroundingSpaces() {
            System.setProperty(NAME, "  7 ");

            assertThat(KNOB.value()).isEqualTo("7");
        }
    }

    @Nested
    class Integers {

        @ParameterizedTest
        @ValueSource(strings = {"1", "10", " 4 "})
        void intValueShouldAcceptValuesWithinTheBounds(String value) {
            System.setProperty(NAME, value);

            assertThat(KNOB.intValue(1, 10)).isEqualTo(Integer.parseInt(value.strip()));
        }

        @Test
        void intValueShouldUseTheDefaultWhenUnset() {
            assertThat(KNOB.intValue(1, 10)).isEqualTo(5);
        }

        @ParameterizedTest
        @ValueSource(strings = {"0", "11", "fast", "2.5", "1e1"})
        void intValueShouldRejectOtherValuesNamingThePropertyRangeAndDefault(String value) {
            System.setProperty(NAME, value);

            assertThatThrownBy(() -> KNOB.intValue(1, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dmailbench.test.knob must be an integer between 1 and 10, got '" + value + "' (default 5)");
        }
    }

    @Nested
    class Doubles {

        @Test
        void doubleValueShouldAcceptFractions() {
            System.setProperty(NAME, "0.25");

            assertThat(KNOB.doubleValue(0, 1)).isEqualTo(0.25);
        }

        @ParameterizedTest
        @ValueSource(strings = {"1.5", "-0.1", "NaN", "Infinity", "half"})
        void doubleValueShouldRejectOtherValuesNamingThePropertyAndRange(String value) {
            System.setProperty(NAME, value);

            assertThatThrownBy(() -> KNOB.doubleValue(0, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dmailbench.test.knob must be a number between 0.0 and 1.0, got '" + value + "' (default 5)");
        }
    }

    @Nested
    class Booleans {

        @Test
        void booleanValueShouldAcceptTrueAndFalseInAnyCase() {
            System.setProperty(NAME, "TRUE");
            assertThat(KNOB.booleanValue()).isTrue();

            System.setProperty(NAME, "False");
            assertThat(KNOB.booleanValue()).isFalse();
        }

        @ParameterizedTest
        @ValueSource(strings = {"yes", "1", "on"})
        void booleanValueShouldRejectOtherWordsNamingTheProperty(String value) {
            System.setProperty(NAME, value);

            assertThatThrownBy(KNOB::booleanValue)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dmailbench.test.knob must be true or false, got '" + value + "'");
        }

        @Test
        void booleanValueShouldRejectANonBooleanDefault() {
            // the default "5" is read when the property is unset
            assertThatThrownBy(KNOB::booleanValue).hasMessage("-Dmailbench.test.knob must be true or false, got '5'");
        }
    }

    @Nested
    class IntList {

        @Test
        void intListValueShouldKeepTheOrderGiven() {
            System.setProperty(NAME, " 10, 1,1000 ");

            assertThat(KNOB.intListValue(1, 10_000)).containsExactly(10, 1, 1000);
        }

        @ParameterizedTest
        @ValueSource(strings = {"1,,10", "1,x", "0,10", "1,10,1", "1;10"})
        void intListValueShouldNameTheKnobAndTheFormat(String value) {
            System.setProperty(NAME, value);

            assertThatThrownBy(() -> KNOB.intListValue(1, 10_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-D" + NAME + " must be distinct integers between 1 and 10000, separated by commas, got '" + value
                    + "' (default 5)");
        }
    }
}
