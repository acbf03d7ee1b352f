package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BulkPayloadTest {

    private static final int MAX = 10_000;

    private static String message(String mailboxId, String messageId) {
        return "{\"mailboxId\":\"" + mailboxId + "\",\"messageId\":\"" + messageId
            + "\",\"from\":\"Alice@Example.com\",\"receivedAt\":\"2025-03-01T10:15:30Z\"}";
    }

    private static List<BulkPayload.Item> parse(String body) {
        return BulkPayload.parse(body.getBytes(StandardCharsets.UTF_8), MAX);
    }

    private static BadRequest rejected(String body, int maxItems) {
        BadRequest error = catchThrowableOfType(BadRequest.class,
            () -> BulkPayload.parse(body.getBytes(StandardCharsets.UTF_8), maxItems));
        assertThat(error).as("a BadRequest").isNotNull();
        return error;
    }

    private static void assertGood(BulkPayload.Item item, String mailboxId, String messageId) {
        assertThat(item.error()).isNull();
        assertThat(item.mailboxId()).isEqualTo(mailboxId);
        assertThat(item.messageId()).isEqualTo(messageId);
        assertThat(item.document()).isNotNull();
        assertThat(item.document().mailboxId()).isEqualTo(mailboxId);
        assertThat(item.document().messageId()).isEqualTo(messageId);
        assertThat(item.document().from()).isEqualTo("alice@example.com");
    }

    @Nested
    class Ndjson {

        @Test
        void bulkShouldReadOneMessagePerLineSkippingBlankLinesAndCrlf() {
            String body = "\r\n" + message("u1", "m1") + "\r\n\r\n   \n" + message("u1", "m2") + "\r\n" + message("u2", "m3");

            List<BulkPayload.Item> items = parse(body);

            assertThat(items).hasSize(3);
            assertGood(items.get(0), "u1", "m1");
            assertGood(items.get(1), "u1", "m2");
            assertGood(items.get(2), "u2", "m3");
        }

        @Test
        void bulkShouldRefuseTheWholeBulkAtTheFirstLineThatIsNotJsonNamingIt() {
            String body = message("u1", "m1") + "\n\n{\"mailboxId\": \"u1\", oops}\n" + message("u1", "m3") + "\nnot json either\n";

            BadRequest error = rejected(body, MAX);

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("line 3 is not valid JSON: ").endsWith("nothing was indexed (one message per line)");
        }

        @Test
        void bulkShouldRefuseAPrettyPrintedMessageNamingItsFirstLine() {
            assertThat(rejected("{\n\"mailboxId\": \"u1\"\n}", MAX).getMessage()).startsWith("line 1 is not valid JSON: ");
        }

        @Test
        void bulkShouldRefuseOnlyOnceForMillionsOfGarbageLines() {
            String body = "x\n".repeat(1_000_000);

            BadRequest error = rejected(body, MAX);

            assertThat(error.getMessage()).startsWith("line 1 is not valid JSON: ");
        }

        @Test
        void bulkShouldReportAnItemWithABadFieldWithItsIds() {
            String bad = "{\"mailboxId\":\"u1\",\"messageId\":\"m2\",\"from\":42,\"receivedAt\":\"2025-03-01T10:15:30Z\"}";
            String body = message("u1", "m1") + "\n" + bad + "\n";

            List<BulkPayload.Item> items = parse(body);

            assertGood(items.get(0), "u1", "m1");
            assertThat(items.get(1)).isEqualTo(new BulkPayload.Item(null, "u1", "m2", "field 'from' must be a string, got number"));
        }

        @Test
        void bulkShouldReportAnItemWithoutMessageIdAsRequired() {
            String body = "{\"mailboxId\":\"u1\",\"from\":\"a@example.com\",\"receivedAt\":\"2025-03-01T10:15:30Z\"}";

            assertThat(parse(body)).containsExactly(new BulkPayload.Item(null, "u1", null, "field 'messageId' is required"));
        }

        @Test
        void bulkShouldReadALastLineWithoutNewline() {
            assertThat(parse(message("u1", "m1"))).singleElement().satisfies(item -> assertGood(item, "u1", "m1"));
        }
    }

    @Nested
    class JsonArray {

        @Test
        void bulkShouldReadAJsonArrayOfMessages() {
            String body = "  \n[" + message("u1", "m1") + ",\n" + message("u2", "m2") + "]";

            List<BulkPayload.Item> items = parse(body);

            assertThat(items).hasSize(2);
            assertGood(items.get(0), "u1", "m1");
            assertGood(items.get(1), "u2", "m2");
        }

        @Test
        void bulkShouldReportNonObjectsOfAnArrayItemByItem() {
            String body = "[1, \"text\", null, " + message("u1", "m4") + "]";

            List<BulkPayload.Item> items = parse(body);

            assertThat(items).hasSize(4);
            for (BulkPayload.Item item : items.subList(0, 3)) {
                assertThat(item).isEqualTo(new BulkPayload.Item(null, null, null, "a message must be a JSON object"));
            }
            assertGood(items.get(3), "u1", "m4");
        }

        @Test
        void bulkShouldReportAnArrayItemWithAnUnknownFieldWithItsIds() {
            String body = "[{\"mailboxId\":\"u1\",\"messageId\":\"m1\",\"bcc\":[]}]";

            List<BulkPayload.Item> items = parse(body);

            assertThat(items).singleElement().satisfies(item -> {
                assertThat(item.document()).isNull();
                assertThat(item.mailboxId()).isEqualTo("u1");
                assertThat(item.messageId()).isEqualTo("m1");
                assertThat(item.error()).startsWith("unknown field 'bcc'; known: ");
            });
        }

        @ParameterizedTest
        @ValueSource(strings = {"[", "[{\"from\":", "[1,]x", "[" + "{\"a\":1}" + ",,]"})
        void bulkShouldRejectABodyStartingWithBracketThatIsNotValidJson(String body) {
            BadRequest error = rejected(body, MAX);

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("the bulk body starts with '[' but is not a valid JSON array: ");
        }
    }

    @Nested
    class WholeBody {

        @ParameterizedTest
        @ValueSource(strings = {"", " ", "\n\n", "\r\n\t \r\n"})
        void bulkShouldRejectAnEmptyOrBlankBody(String body) {
            BadRequest error = rejected(body, MAX);

            assertThat(error.status()).isEqualTo(400);
            assertThat(error).hasMessage("the bulk body is empty: send NDJSON (one message per line) or a JSON array");
        }

        @Test
        void bulkShouldRejectMoreNdjsonItemsThanAllowedWith413() {
            String body = message("u1", "m1") + "\n" + message("u1", "m2") + "\n" + message("u1", "m3") + "\n";

            BadRequest error = rejected(body, 2);

            assertThat(error.status()).isEqualTo(413);
            assertThat(error).hasMessage("the bulk has more than 2 items; at most 2 per request (--max-bulk-items)");
        }

        @Test
        void bulkShouldRejectMoreArrayItemsThanAllowedWith413() {
            BadRequest error = rejected("[{}, {}, {}, {}]", 3);

            assertThat(error.status()).isEqualTo(413);
            assertThat(error).hasMessage("the bulk has more than 3 items; at most 3 per request (--max-bulk-items)");
        }

        @Test
        void bulkShouldAcceptExactlyMaxItems() {
            String body = message("u1", "m1") + "\n" + message("u1", "m2");

            assertThat(BulkPayload.parse(body.getBytes(StandardCharsets.UTF_8), 2)).hasSize(2);
        }

        @Test
        void bulkShouldStopReadingAtTheFirstItemPastMaxItems() {
            BadRequest error = rejected(message("u1", "m1") + "\n" + message("u1", "m2") + "\nnot json\n", 2);

            assertThat(error.status()).as("the third line is never parsed").isEqualTo(413);
        }

        @Test
        void bulkShouldRefuseTenMillionEmptyObjectsAtTheItemLimitWithoutReadingThemAll() {
            String body = "[" + "{},".repeat(10_000_000) + "{}]";

            BadRequest error = rejected(body, MAX);

            assertThat(error.status()).isEqualTo(413);
        }
    }

    @Nested
    class NothingSilentlyDropped {

        @Test
        void bulkShouldRefuseTwoMessagesOnOneLineInsteadOfDroppingTheSecond() {
            assertThat(rejected(message("u1", "m1") + " " + message("u1", "m2"), MAX).getMessage()).startsWith("line 1 is not valid JSON");
        }

        @Test
        void bulkShouldRejectAnArrayFollowedByGarbage() {
            assertThat(rejected("[" + message("u1", "m1") + "] trailing", MAX).getMessage())
                .startsWith("the bulk body starts with '[' but is not a valid JSON array");
        }

        @Test
        void bulkShouldRejectAnEmptyArray() {
            BadRequest error = rejected("[]", MAX);
            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).contains("holds no message");
        }
    }

    @Nested
    class LimitsWhileParsing {

        @Test
        void bulkShouldRefuseALineOverTheTokenBudgetNamingIt() {
            String huge = "{\"mailboxId\":\"u1\",\"attachments\":[" + "{},".repeat(RequestJson.MAX_MESSAGE_TOKENS) + "{}]}";

            BadRequest error = rejected(message("u1", "m1") + "\n" + huge, MAX);

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("line 2: a message holds more than 20000 JSON tokens");
        }

        @Test
        void bulkShouldRefuseAnArrayItemOverTheTokenBudgetNamingIt() {
            String huge = "{\"attachments\":[" + "{},".repeat(RequestJson.MAX_MESSAGE_TOKENS) + "{}]}";

            BadRequest error = rejected("[" + message("u1", "m1") + "," + huge + "]", MAX);

            assertThat(error.getMessage()).startsWith("item 2: a message holds more than 20000 JSON tokens");
        }

        @Test
        void bulkShouldRefuseDeepNestingNamingTheLimit() {
            String deep = "[".repeat(5_000) + "]".repeat(5_000);

            assertThat(rejected(deep, MAX).getMessage()).contains("nesting depth").contains("maximum allowed (" + RequestJson.MAX_DEPTH + ")");
            assertThat(rejected("{\"a\":" + deep + "}", MAX).getMessage()).startsWith("line 1 is not valid JSON: ").contains("nesting depth");
        }

        @Test
        void bulkShouldRefuseAnOverlongNumber() {
            String body = "{\"mailboxId\":\"u1\",\"messageId\":\"m1\",\"size\":" + "9".repeat(100_000) + "}";

            assertThat(rejected(body, MAX).getMessage()).startsWith("line 1 is not valid JSON: ").contains("Number value length");
        }
    }
}
