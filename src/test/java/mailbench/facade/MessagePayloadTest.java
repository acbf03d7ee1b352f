package mailbench.facade;

import static mailbench.facade.BadRequests.assertBadRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.facade.opensearch.MailDocument;
import mailbench.json.Json;

class MessagePayloadTest {

    private static final String MAILBOX = "user-0001";
    private static final String MESSAGE = "msg-1";

    private static JsonNode json(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The smallest message the facade accepts. */
    private static ObjectNode minimal() {
        return (ObjectNode) json("{\"from\":\"alice@example.com\",\"receivedAt\":\"2025-03-01T10:15:30Z\"}");
    }

    /** The minimal message with one field set to a raw JSON value. */
    private static ObjectNode minimalWith(String field, String rawJson) {
        ObjectNode node = minimal();
        node.set(field, json(rawJson));
        return node;
    }

    private static MailDocument parse(JsonNode node) {
        return MessagePayload.parse(node, MAILBOX, MESSAGE);
    }

    @Nested
    class ValidMessages {

        @Test
        void parseShouldReadEveryFieldOfAFullMessage() {
            JsonNode node = json("""
                {"mailboxId": "user-0001", "messageId": "msg-1", "threadId": "thr-7",
                 "from": "Alice@Example.com", "to": ["Bob@Example.org", "carol@example.org"], "cc": ["Dave@EXAMPLE.net"],
                 "subject": "Quarterly report", "body": "Numbers attached.", "receivedAt": "2025-03-01T10:15:30Z",
                 "flags": ["seen", "$Work", "\\\\Flagged"], "size": 12345,
                 "attachments": [{"name": "q1.pdf", "contentType": "application/pdf", "size": 2048}],
                 "attachmentText": "Q1 revenue grew."}
                """);

            MailDocument document = parse(node);

            assertThat(document).isEqualTo(new MailDocument("user-0001", "msg-1", "thr-7", "alice@example.com",
                List.of("bob@example.org", "carol@example.org"), List.of("dave@example.net"), "Quarterly report",
                "Numbers attached.", Instant.parse("2025-03-01T10:15:30Z"), List.of("\\Seen", "$Work", "\\Flagged"), 12345,
                List.of(new MailDocument.AttachmentInfo("q1.pdf", "application/pdf", 2048)), "Q1 revenue grew."));
        }

        @Test
        void parseShouldGiveAMinimalMessageItsDefaults() {
            MailDocument document = parse(minimal());

            assertThat(document.mailboxId()).isEqualTo(MAILBOX);
            assertThat(document.messageId()).isEqualTo(MESSAGE);
            assertThat(document.threadId()).isEqualTo("t-msg-1");
            assertThat(document.from()).isEqualTo("alice@example.com");
            assertThat(document.subject()).isEmpty();
            assertThat(document.body()).isEmpty();
            assertThat(document.to()).isEmpty();
            assertThat(document.cc()).isEmpty();
            assertThat(document.flags()).isEmpty();
            assertThat(document.attachments()).isEmpty();
            assertThat(document.receivedAt()).isEqualTo(Instant.parse("2025-03-01T10:15:30Z"));
            assertThat(document.size()).isZero();
        }

        @Test
        void parseShouldComputeSizeAsUtf8BytesOfSubjectAndBodyPlusAttachmentSizes() {
            ObjectNode node = minimal();
            node.put("subject", "Grüße");   // 5 chars, 7 UTF-8 bytes
            node.put("body", "€ ok");       // 4 chars, 6 UTF-8 bytes
            node.set("attachments", json("[{\"name\":\"a.txt\",\"size\":100},{\"name\":\"b.txt\",\"size\":23}]"));

            assertThat(parse(node).size()).isEqualTo(7 + 6 + 100 + 23);
        }

        @Test
        void parseShouldKeepAnExplicitSizeOverTheComputedOne() {
            ObjectNode node = minimalWith("size", "5");
            node.put("body", "much longer than five bytes");

            assertThat(parse(node).size()).isEqualTo(5);
        }

        @Test
        void parseShouldTreatJsonNullsAsAbsent() {
            ObjectNode node = minimal();
            for (String field : List.of("threadId", "subject", "body", "to", "cc", "flags", "size", "attachments")) {
                node.putNull(field);
            }

            MailDocument document = parse(node);

            assertThat(document.threadId()).isEqualTo("t-msg-1");
            assertThat(document.subject()).isEmpty();
            assertThat(document.to()).isEmpty();
            assertThat(document.size()).isZero();
        }

        @Test
        void parseShouldGiveAnAttachmentWithoutFieldsEmptyNameTypeAndZeroSize() {
            MailDocument document = parse(minimalWith("attachments", "[{}]"));

            assertThat(document.attachments()).containsExactly(new MailDocument.AttachmentInfo("", "", 0));
        }

        @Test
        void parseShouldLowerCaseEveryAddress() {
            ObjectNode node = minimal();
            node.put("from", "ALICE@Example.COM");
            node.set("to", json("[\"Bob@Example.ORG\"]"));
            node.set("cc", json("[\"CAROL@example.org\"]"));

            MailDocument document = parse(node);

            assertThat(document.from()).isEqualTo("alice@example.com");
            assertThat(document.to()).containsExactly("bob@example.org");
            assertThat(document.cc()).containsExactly("carol@example.org");
        }

        @Test
        void parseShouldAcceptIdsInTheBodyThatMatchTheUrl() {
            ObjectNode node = minimal();
            node.put("mailboxId", MAILBOX);
            node.put("messageId", MESSAGE);

            MailDocument document = parse(node);

            assertThat(document.mailboxId()).isEqualTo(MAILBOX);
            assertThat(document.messageId()).isEqualTo(MESSAGE);
        }

        @Test
        void parseShouldAcceptExactlyThousandRecipients() {
            assertThat(parse(minimalWith("to", recipients(1_000).toString())).to()).hasSize(1_000);
        }
    }

    private static ArrayNode recipients(int count) {
        ArrayNode array = Json.MAPPER.createArrayNode();
        for (int i = 0; i < count; i++) {
            array.add("user" + i + "@example.com");
        }
        return array;
    }

    @Nested
    class WrongTypes {

        @Test
        void parseShouldRejectFromAsNumber() {
            assertBadRequest(() -> parse(minimalWith("from", "42")), "field 'from' must be a string, got number");
        }

        @Test
        void parseShouldRejectMissingFrom() {
            ObjectNode node = minimal();
            node.remove("from");

            assertBadRequest(() -> parse(node), "field 'from' is required (a string)");
        }

        @Test
        void parseShouldRejectFromThatIsNotAnAddress() {
            assertBadRequest(() -> parse(minimalWith("from", "\"Alice Smith\"")),
                "field 'from' must be one mail address like alice@example.com, got 'Alice Smith'");
        }

        @Test
        void parseShouldRejectToAsStringInsteadOfArray() {
            assertBadRequest(() -> parse(minimalWith("to", "\"bob@example.org\"")),
                "field 'to' must be an array of strings, got string");
        }

        @Test
        void parseShouldRejectToWithANumberElement() {
            assertBadRequest(() -> parse(minimalWith("to", "[\"bob@example.org\", 42]")),
                "field 'to' must be an array of strings, found 42");
        }

        @Test
        void parseShouldRejectCcWithAnInvalidAddressNamingCc() {
            assertBadRequest(() -> parse(minimalWith("cc", "[\"nobody\"]")),
                "field 'cc' must be one mail address like alice@example.com, got 'nobody'");
        }

        @ParameterizedTest
        @ValueSource(strings = {"2025-03-01", "2025-03-01 10:15:30", "yesterday", "2025-03-01T10:15:30"})
        void parseShouldRejectReceivedAtThatIsNotAnIsoInstant(String value) {
            assertBadRequest(() -> parse(minimalWith("receivedAt", "\"" + value + "\"")),
                "field 'receivedAt' must be an ISO-8601 instant like 2025-03-01T10:15:30Z, got '" + value + "'");
        }

        @Test
        void parseShouldRejectReceivedAtAsEpochNumber() {
            assertBadRequest(() -> parse(minimalWith("receivedAt", "1740824130")),
                "field 'receivedAt' must be a string, got number");
        }

        @Test
        void parseShouldRejectMissingReceivedAt() {
            ObjectNode node = minimal();
            node.remove("receivedAt");

            assertBadRequest(() -> parse(node), "field 'receivedAt' is required (a string)");
        }

        @ParameterizedTest
        @ValueSource(strings = {"-1", "1.5", "\"12\"", "true", "[1]", "99999999999999999999"})
        void parseShouldRejectSizeThatIsNotANonNegativeInteger(String raw) {
            assertBadRequest(() -> parse(minimalWith("size", raw)),
                "field 'size' must be a non-negative integer, got " + raw);
        }

        @Test
        void parseShouldRejectSubjectAsNumber() {
            assertBadRequest(() -> parse(minimalWith("subject", "7")), "field 'subject' must be a string, got number");
        }

        @Test
        void parseShouldRejectBodyAsObject() {
            assertBadRequest(() -> parse(minimalWith("body", "{\"text\":\"hi\"}")),
                "field 'body' must be a string, got object");
        }

        @ParameterizedTest
        @ValueSource(strings = {"{}", "\"q1.pdf\"", "3"})
        void parseShouldRejectAttachmentsThatAreNotAnArray(String raw) {
            assertBadRequest(() -> parse(minimalWith("attachments", raw)),
                "field 'attachments' must be an array of at most 1000 objects {name, contentType, size}");
        }

        @Test
        void parseShouldRejectAttachmentThatIsNotAnObject() {
            assertBadRequest(() -> parse(minimalWith("attachments", "[{\"name\":\"a\"}, \"q1.pdf\"]")),
                "attachments[1] must be an object {name, contentType, size}");
        }

        @Test
        void parseShouldRejectFlagsAsString() {
            assertBadRequest(() -> parse(minimalWith("flags", "\"seen\"")),
                "field 'flags' must be an array of strings, got string");
        }

        @Test
        void parseShouldRejectUnknownSystemFlag() {
            assertBadRequest(() -> parse(minimalWith("flags", "[\"\\\\Bogus\"]")),
                "unknown flag '\\Bogus'; use seen, answered, flagged, draft, deleted, recent"
                    + " or a keyword of letters, digits, '_', '-' (optionally starting with '$')");
        }

        @Test
        void parseShouldRejectThreadIdWithColon() {
            assertBadRequest(() -> parse(minimalWith("threadId", "\"thr:1\"")),
                "threadId must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-', got 'thr:1'");
        }

        @Test
        void parseShouldRejectMoreThanThousandRecipients() {
            assertBadRequest(() -> parse(minimalWith("to", recipients(1_001).toString())),
                "field 'to' has 1001 entries; at most 1000");
        }

        @Test
        void parseShouldRejectMoreThanThousandCcRecipientsNamingCc() {
            assertBadRequest(() -> parse(minimalWith("cc", recipients(1_500).toString())),
                "field 'cc' has 1500 entries; at most 1000");
        }
    }

    @Nested
    class Shape {

        @Test
        void parseShouldRejectUnknownFieldNamingItAndTheKnownOnes() {
            assertBadRequest(() -> parse(minimalWith("bcc", "[\"eve@example.com\"]")),
                "unknown field 'bcc'; known: attachmentText, attachments, body, cc, flags, from, mailboxId, messageId, receivedAt, size,"
                    + " subject, threadId, to");
        }

        @Test
        void parseShouldRejectFieldNameInOtherCase() {
            BadRequest error = catchThrowableOfType(BadRequest.class, () -> parse(minimalWith("Subject", "\"hi\"")));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("unknown field 'Subject'; known: ");
        }

        @ParameterizedTest
        @ValueSource(strings = {"[]", "[{\"from\":\"alice@example.com\"}]", "\"a message\"", "null", "42"})
        void parseShouldRejectJsonThatIsNotAnObject(String raw) {
            assertBadRequest(() -> parse(json(raw)), "a message must be a JSON object");
        }

        @Test
        void parseShouldRejectAMissingBody() {
            assertBadRequest(() -> parse(null), "a message must be a JSON object");
        }

        @Test
        void parseShouldRejectMailboxIdInBodyThatDiffersFromTheUrl() {
            assertBadRequest(() -> parse(minimalWith("mailboxId", "\"user-0002\"")),
                "field 'mailboxId' (user-0002) differs from the URL (user-0001)");
        }

        @Test
        void parseShouldRejectMessageIdInBodyThatDiffersFromTheUrl() {
            assertBadRequest(() -> parse(minimalWith("messageId", "\"msg-2\"")),
                "field 'messageId' (msg-2) differs from the URL (msg-1)");
        }

        @Test
        void parseShouldRejectAnInvalidMessageIdFromTheUrl() {
            assertBadRequest(() -> MessagePayload.parse(minimal(), MAILBOX, "a:b"),
                "messageId must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-', got 'a:b'");
        }
    }

    @Nested
    class BulkMode {

        @Test
        void parseShouldTakeTheIdsFromTheBodyWhenTheUrlHasNone() {
            ObjectNode node = minimal();
            node.put("mailboxId", "user-0009");
            node.put("messageId", "msg-9");

            MailDocument document = MessagePayload.parse(node, null, null);

            assertThat(document.mailboxId()).isEqualTo("user-0009");
            assertThat(document.messageId()).isEqualTo("msg-9");
            assertThat(document.threadId()).isEqualTo("t-msg-9");
        }

        @Test
        void parseShouldRequireMailboxIdInTheBodyWhenTheUrlHasNone() {
            ObjectNode node = minimal();
            node.put("messageId", "msg-9");

            assertBadRequest(() -> MessagePayload.parse(node, null, null), "field 'mailboxId' is required");
        }

        @Test
        void parseShouldRequireMessageIdInTheBodyWhenTheUrlHasNone() {
            ObjectNode node = minimal();
            node.put("mailboxId", "user-0009");

            assertBadRequest(() -> MessagePayload.parse(node, null, null), "field 'messageId' is required");
        }

        @Test
        void parseShouldValidateIdsTakenFromTheBody() {
            ObjectNode node = minimal();
            node.put("mailboxId", "user 9");
            node.put("messageId", "msg-9");

            assertBadRequest(() -> MessagePayload.parse(node, null, null),
                "mailboxId must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-', got 'user 9'");
        }
    }

    @Nested
    class StricterChecks {

        @Test
        void parseShouldRejectAnAddressWithoutDomain() {
            assertBadRequest(() -> parse(minimalWith("from", "\"a@\"")),
                "field 'from' must be one mail address like alice@example.com, got 'a@'");
        }

        @Test
        void parseShouldRejectTwoAddressesInOneString() {
            assertBadRequest(() -> parse(minimalWith("to", "[\"a@example.com,b@example.com\"]")),
                "field 'to' must be one mail address like alice@example.com, got 'a@example.com,b@example.com'");
        }

        @Test
        void parseShouldNameTheAttachmentAndItsBadField() {
            assertBadRequest(() -> parse(minimalWith("attachments", "[{\"name\":\"a\",\"size\":-1}]")),
                "attachments[0]: field 'size' must be a non-negative integer, got -1");
            assertBadRequest(() -> parse(minimalWith("attachments", "[{\"nmae\":\"a\"}]")),
                "attachments[0] has an unknown field 'nmae'; known: contentType, name, size");
        }
    }

    @Nested
    class WhatOpenSearchWouldRefuse {

        @Test
        void parseShouldRejectAnAttachmentNameOverTheKeywordTermLimitNamingIt() {
            String name = "n".repeat(40_000);

            assertBadRequest(() -> parse(minimalWith("attachments", "[{\"name\":\"" + name + "\",\"size\":1}]")),
                "attachments[0]: field 'name' is 40000 bytes in UTF-8; at most 32766 (OpenSearch's limit for one keyword term)");
        }

        @Test
        void parseShouldCountTheKeywordLimitInUtf8Bytes() {
            String accepted = "\u00e9".repeat(16_383);
            String refused = "\u00e9".repeat(16_384);

            assertThat(parse(minimalWith("attachments", "[{\"contentType\":\"" + accepted + "\"}]")).attachments()).hasSize(1);
            assertBadRequest(() -> parse(minimalWith("attachments", "[{\"contentType\":\"" + refused + "\"}]")),
                "attachments[0]: field 'contentType' is 32768 bytes in UTF-8; at most 32766 (OpenSearch's limit for one keyword term)");
        }

        @Test
        void parseShouldRejectAttachmentSizesThatAddUpPastALong() {
            String attachments = "[{\"size\":" + Long.MAX_VALUE + "},{\"size\":1}]";

            assertBadRequest(() -> parse(minimalWith("attachments", attachments)), "the attachments' sizes add up past "
                + Long.MAX_VALUE + " bytes: give each attachment's real size, or the message's own 'size'");
        }

        @Test
        void parseShouldTakeTheGivenSizeWithoutAddingTheAttachments() {
            ObjectNode node = minimalWith("attachments", "[{\"size\":" + Long.MAX_VALUE + "},{\"size\":1}]");
            node.put("size", 12);

            assertThat(parse(node).size()).isEqualTo(12);
        }

        @ParameterizedTest
        @ValueSource(strings = {"+10000-01-01T00:00:00Z", "-0001-01-01T00:00:00Z"})
        void parseShouldRejectDatesOpenSearchCannotStore(String value) {
            assertBadRequest(() -> parse(minimalWith("receivedAt", "\"" + value + "\"")), "field 'receivedAt' must be between"
                + " 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z (what OpenSearch can store), got " + Instant.parse(value));
        }

        @ParameterizedTest
        @ValueSource(strings = {"0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"})
        void parseShouldAcceptTheFirstAndLastStorableInstants(String value) {
            assertThat(parse(minimalWith("receivedAt", "\"" + value + "\"")).receivedAt()).isEqualTo(Instant.parse(value));
        }
    }
}
