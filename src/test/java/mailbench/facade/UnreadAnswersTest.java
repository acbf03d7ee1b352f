package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class UnreadAnswersTest {

    private static final long MIB = 1024 * 1024;
    private final AtomicLong directFree = new AtomicLong(Long.MAX_VALUE);
    private final UnreadAnswers answers = new UnreadAnswers(8 * MIB, directFree::get);

    @Test
    void answersShouldHoldTheirBytesUntilReleased() {
        assertThat(answers.tryTake(3 * MIB)).isTrue();
        assertThat(answers.tryTake(3 * MIB)).isTrue();
        assertThat(answers.unread()).isEqualTo(6 * MIB);

        answers.release(3 * MIB);
        answers.release(3 * MIB);

        assertThat(answers.unread()).isZero();
        assertThat(answers.peak()).isEqualTo(6 * MIB);
        assertThat(answers.refused()).isZero();
    }

    @Test
    void aLargeAnswerThatDoesNotFitBesideTheOthersShouldBeRefusedWithARetry() {
        assertThat(answers.tryTake(5 * MIB)).isTrue();

        assertThat(answers.tryTake(3 * MIB)).as("8 MiB in all: over the large answers' seven eighths").isFalse();

        assertThat(answers.unread()).as("a refusal holds nothing").isEqualTo(5 * MIB);
        assertThat(answers.refused()).isOne();
        BadRequest refusal = answers.refusal(3 * MIB);
        assertThat(refusal.status()).isEqualTo(503);
        assertThat(refusal.getMessage()).contains("--max-unread-answer-bytes").contains("retry later");
    }

    @Test
    void smallAnswersShouldKeepTheLastEighthWhenLargeOnesFillTheRest() {
        assertThat(answers.tryTake(7 * MIB)).isTrue();
        assertThat(answers.tryTake(UnreadAnswers.SMALL_ANSWER_BYTES + 1)).as("a large one: past seven eighths").isFalse();

        for (int i = 0; i < 16; i++) {
            assertThat(answers.tryTake(UnreadAnswers.SMALL_ANSWER_BYTES)).as("small answer " + i).isTrue();
        }
        assertThat(answers.unread()).isEqualTo(8 * MIB);
        assertThat(answers.tryTake(1)).as("the bound holds for small ones too").isFalse();
    }

    @Test
    void anAnswerLargerThanItsShareAloneShouldSayItCannotBeSent() {
        assertThat(answers.tryTake(7 * MIB + 1)).isFalse();

        assertThat(answers.refusal(7 * MIB + 1).getMessage()).contains("more than one answer may hold").contains("cannot be sent");
    }

    @Test
    void aLargeAnswerShouldBeRefusedWhenDirectMemoryIsShort() {
        directFree.set(2 * MIB);

        assertThat(answers.tryTake(3 * MIB)).as("3 MiB into 2 MiB of direct memory left").isFalse();
        assertThat(answers.tryTake(UnreadAnswers.SMALL_ANSWER_BYTES)).as("small answers are not checked against it").isTrue();
        assertThat(answers.refused()).isOne();
    }

    @Test
    void statsShouldShowTheGaugesAndTheDirectMemory() {
        answers.tryTake(MIB);
        answers.closedLate();
        answers.outOfDirectMemory();

        assertThat(answers.stats()).containsEntry("unreadAnswerBytesNow", MIB).containsEntry("unreadAnswerBytesPeak", MIB)
            .containsEntry("answersClosedUnread", 1L).containsEntry("answersOutOfDirectMemory", 1L)
            .containsKeys("directBytesUsed", "maxDirectBytes");
    }

    @Test
    void anOutOfMemoryErrorAnywhereInTheCausesShouldCount() {
        assertThat(AnswerWrites.outOfMemory(new RuntimeException(new OutOfMemoryError("Cannot reserve 1 bytes of direct buffer memory"))))
            .isTrue();
        assertThat(AnswerWrites.outOfMemory(new java.io.IOException("Connection reset by peer"))).isFalse();
    }
}
