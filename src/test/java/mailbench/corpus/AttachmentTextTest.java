package mailbench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** The corpus option for multi-MB messages: text extracted from attachments, seeded, of the size asked. */
class AttachmentTextTest {

    private static final int BYTES = 300_000;
    private static final CorpusSpec PLAIN = new CorpusSpec(42, 40, 3);
    private static final CorpusSpec LARGE = PLAIN.withAttachmentTextBytes(BYTES);

    @Test
    void everyMessageShouldCarryExactlyTheBytesAsked() {
        for (MailMessage message : new CorpusGenerator(LARGE)) {
            assertThat(message.attachmentText().getBytes(StandardCharsets.UTF_8)).hasSize(BYTES);
        }
    }

    @Test
    void theTextShouldBeTheSameOnEveryPass() {
        List<MailMessage> one = new CorpusGenerator(LARGE).messages().toList();
        List<MailMessage> two = new CorpusGenerator(LARGE).messages().toList();

        assertThat(one).isEqualTo(two);
        assertThat(one.get(0).attachmentText()).isNotEqualTo(one.get(1).attachmentText());
    }

    @Test
    void theTextShouldReadLikeMailWords() {
        String text = new CorpusGenerator(LARGE).iterator().next().attachmentText();

        assertThat(text).matches("(?s)[A-Za-z ,.?\\n]+");
        assertThat(text.split("\\s+")).hasSizeGreaterThan(BYTES / 12);
        assertThat(text).contains("\n\n", ". ");
    }

    @Test
    void everyOtherFieldShouldBeThePlainCorpus() {
        List<MailMessage> plain = new CorpusGenerator(PLAIN).messages().toList();
        List<MailMessage> large = new CorpusGenerator(LARGE).messages().toList();

        assertThat(large).hasSameSizeAs(plain);
        for (int i = 0; i < plain.size(); i++) {
            MailMessage withText = large.get(i);
            assertThat(withText.attachmentText()).isNotNull();
            assertThat(new MailMessage(withText.mailboxId(), withText.messageId(), withText.threadId(), withText.from(), withText.to(),
                withText.cc(), withText.subject(), withText.body(), withText.receivedAt(), withText.flags(), withText.size(),
                withText.attachments(), null)).isEqualTo(plain.get(i));
        }
    }

    @Test
    void thePlainCorpusShouldHaveNoAttachmentTextInItsJson() throws Exception {
        MailMessage message = new CorpusGenerator(PLAIN).iterator().next();

        JsonNode json = Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(message));

        assertThat(message.attachmentText()).isNull();
        assertThat(json.has("attachmentText")).isFalse();
        assertThat(json.has("subject")).isTrue();
        assertThat(CorpusSpec.defaults().attachmentTextBytes()).isZero();
    }

    @Test
    void theLargeCorpusShouldCarryItsTextInItsJson() throws Exception {
        JsonNode json = Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(new CorpusGenerator(LARGE).iterator().next()));

        assertThat(json.get("attachmentText").asText()).hasSize(BYTES);
    }

    @Test
    void aSizeOutOfBoundsShouldBeRefusedNamingTheKnob() {
        assertThatThrownBy(() -> PLAIN.withAttachmentTextBytes(-1))
            .hasMessage("mailbench.corpus.attachmentTextBytes must be between 0 and 20971520, got -1");
        assertThatThrownBy(() -> PLAIN.withAttachmentTextBytes(CorpusSpec.MAX_ATTACHMENT_TEXT_BYTES + 1))
            .hasMessageStartingWith("mailbench.corpus.attachmentTextBytes must be between 0 and 20971520");
    }
}
