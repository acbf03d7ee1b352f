package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The one way facade tests check a refusal: a 400 with exactly the sentence the client reads. */
final class BadRequests {

    private BadRequests() {
    }

    static void assertBadRequest(ThrowingCallable call, String message) {
        BadRequest error = catchThrowableOfType(BadRequest.class, call);
        assertThat(error).as("a BadRequest").isNotNull();
        assertThat(error.status()).isEqualTo(400);
        assertThat(error).hasMessage(message);
    }
}
