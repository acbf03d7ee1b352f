package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueryTermsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "quarterly report|2",
        "  report,numbers;  q3-2025 |4",
        "\u6f22\u5b57\u304b\u306a|4",
        "caf\u00e9 na\u0131ve|2",
        "hello \ud83d\ude00 world|3",
        "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35|1"})
    void termsShouldBeCountedAsTheStandardTokenizerMakesThemOrMore(String text, int terms) {
        assertThat(QueryTerms.count(text)).isEqualTo(terms);
    }

    @Test
    void aWordLongerThanTheLongestTokenShouldCountOnceFor255Characters() {
        assertThat(QueryTerms.count("a".repeat(512))).isEqualTo(3);
    }

    @Test
    void fiveHundredTwelveSingleLettersShouldPassAndAsManyIdeographsNot() {
        assertThat(QueryTerms.count("a ".repeat(256).strip())).isLessThanOrEqualTo(QueryTerms.MAX_PER_PARAMETER);

        assertThat(refusal("text", "\u6f22".repeat(512))).contains("text makes 512 search terms; at most 300").contains("fewer words");
        assertThat(refusal("subject", "\u5b57".repeat(301))).contains("subject makes 301 search terms");
    }

    private static String refusal(String parameter, String value) {
        BadRequest error = catchThrowableOfType(BadRequest.class, () -> SearchParams.parse("mbx-1", Map.of(parameter, List.of(value))));
        assertThat(error.status()).isEqualTo(400);
        return error.getMessage();
    }
}
