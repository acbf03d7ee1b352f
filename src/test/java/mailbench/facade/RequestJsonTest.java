package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestJsonTest {

    private static BadRequest rejected(String body) {
        BadRequest error = catchThrowableOfType(BadRequest.class, () -> RequestJson.message(body.getBytes(StandardCharsets.UTF_8)));
        assertThat(error).as("a BadRequest").isNotNull();
        return error;
    }

    @Test
    void messageShouldReadAnObject() {
        assertThat(RequestJson.message("{\"from\":\"a@b.c\",\"to\":[\"d@e.f\"]}".getBytes(StandardCharsets.UTF_8)).get("to").size())
            .isEqualTo(1);
    }

    @Test
    void messageShouldRefuseTenMillionEmptyObjectsAtOnceWhenTheyAreNoObject() {
        BadRequest error = rejected("[" + "{},".repeat(10_000_000) + "{}]");

        assertThat(error).hasMessage("a message must be a JSON object");
    }

    @Test
    void messageShouldRefuseManyTinyValuesAtTheTokenBudgetBeforeTheTreeIsWhole() {
        BadRequest error = rejected("{\"attachments\":[" + "{},".repeat(5_000_000) + "{}]}");

        assertThat(error.status()).isEqualTo(400);
        assertThat(error).hasMessageStartingWith("a message holds more than " + RequestJson.MAX_MESSAGE_TOKENS + " JSON tokens");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\r\n"})
    void messageShouldRefuseAnEmptyBody(String body) {
        assertThat(rejected(body)).hasMessage("the request body is empty: send the message as a JSON object");
    }

    @Test
    void messageShouldRefuseDeepNestingNamingTheLimitWithoutParserInternals() {
        BadRequest error = rejected("{\"a\":" + "[".repeat(100_000));

        assertThat(error.getMessage()).startsWith("the request body is not valid JSON: Document nesting depth")
            .contains("maximum allowed (" + RequestJson.MAX_DEPTH + ")").doesNotContain("StreamReadConstraints");
    }

    @Test
    void messageShouldRefuseContentAfterTheMessage() {
        assertThat(rejected("{} {}").getMessage()).contains("content after the message");
        assertThat(rejected("{} x").getMessage()).startsWith("the request body is not valid JSON");
    }

    @Test
    void messageShouldRefuseAnOverlongFieldName() {
        assertThat(rejected("{\"" + "n".repeat(10_000) + "\":1}").getMessage()).contains("Name length");
    }
}
