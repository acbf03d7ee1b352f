package mailbench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class CorpusGeneratorTest {

    private static final Pattern URL_SAFE = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final CorpusSpec SMALL = new CorpusSpec(7, 5_000, 200);

    @Test
    void sameSeedShouldProduceIdenticalMessages() {
        CorpusSpec spec = new CorpusSpec(7, 20_000, 300);

        assertThat(first(new CorpusGenerator(spec), 2_000))
                .isEqualTo(first(new CorpusGenerator(spec), 2_000));
        assertThat(fingerprint(new CorpusGenerator(spec)))
                .isEqualTo(fingerprint(new CorpusGenerator(spec)));
        assertThat(new CorpusGenerator(spec).users()).isEqualTo(new CorpusGenerator(spec).users());
    }

    @Test
    void everyPassShouldRepeatTheSameMessages() {
        CorpusGenerator corpus = new CorpusGenerator(SMALL);

        assertThat(corpus.messages().limit(500).toList()).isEqualTo(first(corpus, 500));
    }

    @Test
    void differentSeedShouldProduceDifferentMessages() {
        CorpusGenerator one = new CorpusGenerator(SMALL);
        CorpusGenerator other = new CorpusGenerator(new CorpusSpec(8, SMALL.messages(), SMALL.users()));

        assertThat(fingerprint(one)).isNotEqualTo(fingerprint(other));
        assertThat(one.users()).isNotEqualTo(other.users());
    }

    /** Guards "same seed, same bytes" across machines and JDKs; update only on purpose. */
    @Test
    void smallCorpusShouldMatchItsPinnedFingerprint() {
        String fingerprint = fingerprint(new CorpusGenerator(new CorpusSpec(42, 1_000, 50)));

        assertThat(fingerprint)
                .isEqualTo("bc0bfb385a0b2d1d50a7251f72d06e6431ccfeb359ee173ecf0c10ae92bba5d1");
    }

    @Test
    void generatingManyMessagesShouldStreamWithoutKeepingThem() {
        CorpusSpec spec = new CorpusSpec(3, 200_000, 1_000);
        long count = 0;
        long bytes = 0;
        for (MailMessage message : new CorpusGenerator(spec)) {
            count++;
            bytes += message.size();
        }

        assertThat(count).isEqualTo(200_000);
        assertThat(bytes).isPositive();
    }

    @Test
    void iteratorShouldStopAtTheSpecifiedCount() {
        Iterator<MailMessage> messages = new CorpusGenerator(new CorpusSpec(1, 3, 2)).iterator();
        messages.next();
        messages.next();
        messages.next();

        assertThat(messages.hasNext()).isFalse();
        assertThatThrownBy(messages::next).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void idsShouldBeUniqueAndUrlSafe() {
        CorpusGenerator corpus = new CorpusGenerator(new CorpusSpec(11, 20_000, 300));
        Set<String> messageIds = new HashSet<>();
        for (MailMessage message : corpus) {
            assertThat(messageIds.add(message.messageId())).as(message.messageId()).isTrue();
            assertThat(message.messageId()).matches(URL_SAFE);
            assertThat(message.threadId()).matches(URL_SAFE);
            assertThat(message.mailboxId()).matches(URL_SAFE).matches("mbx-\\d{5,}");
        }
        assertThat(messageIds).hasSize(20_000);
    }

    @Test
    void usersShouldHaveUniqueAddressesAndOneMailboxEach() {
        List<User> users = new CorpusGenerator(new CorpusSpec(5, 10, 20_000)).users();

        assertThat(users).hasSize(20_000);
        assertThat(users).extracting(User::address).doesNotHaveDuplicates()
                .allMatch(a -> a.matches("[a-z]+\\.[a-z]+\\d*@(example\\.com|example\\.org"
                        + "|mail\\.example\\.net)"));
        assertThat(users).extracting(User::mailboxId).doesNotHaveDuplicates();
        assertThat(users.get(41).mailboxId()).isEqualTo("mbx-00042");
        assertThat(users).extracting(User::displayName).allMatch(n -> n.matches("[A-Z][a-z]+ [A-Z][a-z]+"));
    }

    @Test
    void messagesShouldBeConsistent() {
        CorpusGenerator corpus = new CorpusGenerator(SMALL);
        for (MailMessage message : corpus) {
            User owner = corpus.users().get(People.mailboxIndex(message.mailboxId()));
            assertThat(message.to()).contains(owner.address()).doesNotHaveDuplicates();
            assertThat(message.from()).isNotEqualTo(owner.address());
            assertThat(message.cc()).hasSizeLessThanOrEqualTo(3).doesNotContainAnyElementsOf(message.to());
            assertThat(message.size()).isEqualTo(MailMessage.sizeOf(
                    message.subject(), message.body(), message.attachments()));
            assertThat(message.subject()).doesNotStartWith("Re: Re:");
            assertThat(message.attachments()).hasSizeLessThanOrEqualTo(3)
                    .allSatisfy(CorpusGeneratorTest::assertPlausible);
        }
    }

    @Test
    void messageListsShouldBeImmutable() {
        MailMessage message = new CorpusGenerator(SMALL).iterator().next();

        assertThatThrownBy(() -> message.to().add("x@example.com"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> message.cc().add("x@example.com"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> message.flags().add("\\Seen"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> message.attachments().clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void sizeShouldCountUtf8BytesAndAttachments() {
        long size = MailMessage.sizeOf("Grüße", "€ \uD83D\uDE00",
                List.of(new Attachment("a.txt", "text/plain", 10)));

        assertThat(size).isEqualTo("Grüße€ \uD83D\uDE00".getBytes(StandardCharsets.UTF_8).length + 10);
    }

    private static void assertPlausible(Attachment attachment) {
        assertThat(attachment.name()).matches("[a-z]+-[a-z0-9]+\\.(pdf|docx|xlsx|png|jpg|zip|txt)");
        assertThat(attachment.contentType()).isNotBlank();
        assertThat(attachment.size()).isBetween(128L, 25L * 1024 * 1024);
    }

    static List<MailMessage> first(CorpusGenerator corpus, int count) {
        List<MailMessage> messages = new ArrayList<>(count);
        for (MailMessage message : corpus) {
            if (messages.size() == count) {
                break;
            }
            messages.add(message);
        }
        return messages;
    }

    static String fingerprint(CorpusGenerator corpus) {
        MessageDigest digest = sha256();
        // the plain corpus as it was before messages could carry attachment text: same pinned value
        corpus.messages().forEach(m -> digest.update(
                (m.toString().replace(", attachmentText=null]", "]") + '\n').getBytes(StandardCharsets.UTF_8)));
        corpus.users().forEach(u -> digest.update(
                (u.toString() + '\n').getBytes(StandardCharsets.UTF_8)));
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
