package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class CallCancelTest {

    @Test
    void aCancelShouldStopItsCalls() {
        CallCancel cancel = new CallCancel();
        AtomicInteger stopped = new AtomicInteger();
        cancel.onCancel(stopped::incrementAndGet);

        cancel.cancel();

        assertThat(stopped).hasValue(1);
        assertThat(cancel.cancelled()).isTrue();
    }

    @Test
    void endedCallsShouldBeForgottenSoTheirAnswersAreNotKept() {
        CallCancel cancel = new CallCancel();
        AtomicInteger stopped = new AtomicInteger();
        cancel.onCancel(stopped::incrementAndGet);

        cancel.ended();
        cancel.cancel(); // the client closes its connection after its answer

        assertThat(stopped).as("nothing left to stop").hasValue(0);
    }
}
