package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdsTest {

    private static final String RULE = " must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-', got '";

    @Nested
    class Accepted {

        @ParameterizedTest
        @ValueSource(strings = {"a", "Z", "0", "user-0001", "msg_1.eml", "A.b-C_d.9", ".", "-", "_"})
        void requireShouldAcceptLettersDigitsDotUnderscoreAndDash(String id) {
            assertThat(Ids.require("messageId", id)).isEqualTo(id);
        }

        @Test
        void requireShouldAccept128Characters() {
            String id = "a".repeat(128);

            assertThat(Ids.require("mailboxId", id)).isEqualTo(id);
        }
    }

    @Nested
    class Rejected {

        @Test
        void requireShouldReject129Characters() {
            String id = "a".repeat(129);

            BadRequest error = catchThrowableOfType(BadRequest.class, () -> Ids.require("mailboxId", id));

            assertThat(error.status()).isEqualTo(400);
            // the value is quoted back shortened to 80 characters
            assertThat(error).hasMessage("mailboxId" + RULE + "a".repeat(80) + "...'");
        }

        @ParameterizedTest
        @ValueSource(strings = {"", " ", "a b", "a:b", "a/b", "a%20b", "a+b", "é", "a\tb", "a@b", "a#b", "a?b"})
        void requireShouldRejectOtherCharactersNamingTheField(String id) {
            BadRequest error = catchThrowableOfType(BadRequest.class, () -> Ids.require("messageId", id));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error).hasMessage("messageId" + RULE + id.replace('\t', '?') + "'");
        }

        @Test
        void requireShouldRejectNull() {
            BadRequest error = catchThrowableOfType(BadRequest.class, () -> Ids.require("threadId", null));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error).hasMessage("threadId" + RULE + "'");
        }
    }
}
