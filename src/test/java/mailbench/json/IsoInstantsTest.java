package mailbench.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsoInstantsTest {

    private static final long YEAR_0 = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
    private static final long YEAR_10000 = Instant.parse("+10000-01-01T00:00:00Z").getEpochSecond();

    @Test
    void formatAndParseShouldAgreeWithTheJdkOnRandomInstantsOfEveryPrecision() {
        SplittableRandom random = new SplittableRandom(20261126);
        for (int i = 0; i < 200_000; i++) {
            long second = random.nextLong(YEAR_0 - 86_400L * 400, YEAR_10000 + 86_400L * 400);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, nanos);
            String jdk = DateTimeFormatter.ISO_INSTANT.format(instant);
            assertThat(IsoInstants.format(instant)).isEqualTo(jdk);
            assertThat(IsoInstants.parse(jdk)).isEqualTo(Instant.parse(jdk));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-02-29T23:59:59.999Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
        "1970-01-01T00:00:00.5Z", "1969-12-31T23:59:59.12Z", "2025-03-01T10:15:30.1234Z", "2025-03-01T10:15:30.000Z",
        "2016-12-31T23:59:60Z", "2025-03-01T24:00:00Z", "2025-03-01T10:15:30.Z", "+12025-03-01T10:15:30Z", "-0001-03-01T10:15:30Z", "2025-03-01t10:15:30z",
        "2025-03-01T10:15:30+01:00"})
    void parseShouldAcceptWhatTheJdkAccepts(String text) {
        assertThat(IsoInstants.parse(text)).isEqualTo(Instant.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2023-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-03-01T25:00:00Z", "2025-03-01T10:60:00Z",
        "2025-03-01T10:15:60Z", "2025-03-01T10:15:30.1234567890Z", "2025-03-01 10:15:30Z", "2025-3-01T10:15:30Z",
        "2025-03-01T10:15:30", "\uff12\uff10\uff12\uff15-03-01T10:15:30Z", "2025-03-01T10:15:30+01:00x", ""})
    void parseShouldRefuseWhatTheJdkRefuses(String text) {
        assertThatThrownBy(() -> Instant.parse(text)).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> IsoInstants.parse(text)).isInstanceOf(DateTimeParseException.class);
    }

    @Test
    void theMapperShouldWriteInstantsAsTheJavaTimeModuleDoes() throws Exception {
        for (String text : new String[] {"2025-03-01T10:15:30Z", "2025-03-01T10:15:30.120Z", "1969-12-31T23:59:59.000001Z",
            "+10000-01-01T00:00:00Z", "-0001-12-31T00:00:00.5Z"}) {
            Instant instant = Instant.parse(text);
            String iso = DateTimeFormatter.ISO_INSTANT.format(instant);
            assertThat(Json.MAPPER.writeValueAsString(Map.of("at", instant))).isEqualTo("{\"at\":\"" + iso + "\"}");
            assertThat(Json.MAPPER.readValue("\"" + iso + "\"", Instant.class)).isEqualTo(instant);
        }
    }

    @Test
    void formatShouldFallBackToTheJdkBeyondFourDigitYears() {
        assertThat(IsoInstants.format(Instant.ofEpochSecond(YEAR_10000 + 5))).isEqualTo("+10000-01-01T00:00:05Z");
        assertThat(IsoInstants.format(Instant.ofEpochSecond(YEAR_0 - 1))).isEqualTo("-0001-12-31T23:59:59Z");
    }
}
