package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FlagsTest {

    private static final String ACCEPTED = "; use seen, answered, flagged, draft, deleted, recent"
        + " or a keyword of letters, digits, '_', '-' (optionally starting with '$')";

    @Nested
    class SystemFlags {

        @ParameterizedTest
        @CsvSource({
            "seen, \\Seen", "Seen, \\Seen", "SEEN, \\Seen", "\\Seen, \\Seen", "\\seen, \\Seen",
            "answered, \\Answered", "flagged, \\Flagged", "Flagged, \\Flagged", "\\Draft, \\Draft",
            "deleted, \\Deleted", "recent, \\Recent"})
        void normalizeShouldSpellSystemFlagsCanonically(String flag, String expected) {
            assertThat(Flags.normalize(flag)).isEqualTo(expected);
        }

        @ParameterizedTest
        @ValueSource(strings = {"\\Bogus", "\\Junk", "\\$Junk", "\\"})
        void normalizeShouldRejectUnknownSystemLookingFlag(String flag) {
            BadRequest error = catchThrowableOfType(BadRequest.class, () -> Flags.normalize(flag));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error).hasMessage("unknown flag '" + flag + "'" + ACCEPTED);
        }
    }

    @Nested
    class Keywords {

        @ParameterizedTest
        @ValueSource(strings = {"$Junk", "$NotJunk", "work", "Project_X-2", "$" + "k"})
        void normalizeShouldKeepKeywordsAsGiven(String flag) {
            assertThat(Flags.normalize(flag)).isEqualTo(flag);
        }

        @Test
        void normalizeShouldAcceptKeywordOf64Characters() {
            String keyword = "k".repeat(64);

            assertThat(Flags.normalize(keyword)).isEqualTo(keyword);
            assertThat(Flags.normalize("$" + keyword)).isEqualTo("$" + keyword);
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "$", "two words", "a,b", "ju$nk", "naïve", "$$Junk"})
        void normalizeShouldRejectMalformedKeyword(String flag) {
            BadRequest error = catchThrowableOfType(BadRequest.class, () -> Flags.normalize(flag));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error).hasMessage("unknown flag '" + flag + "'" + ACCEPTED);
        }

        @Test
        void normalizeShouldRejectKeywordOf65Characters() {
            String keyword = "k".repeat(65);

            BadRequest error = catchThrowableOfType(BadRequest.class, () -> Flags.normalize(keyword));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("unknown flag 'kkk").endsWith(ACCEPTED);
        }
    }
}
