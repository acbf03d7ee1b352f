package mailbench.facade;

import static mailbench.facade.BadRequests.assertBadRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.facade.opensearch.MailQuery;

class SearchParamsTest {

    private static final String MAILBOX = "user-0001";

    /** Query parameters as the router hands them over: name to the values given, in order. */
    private static Map<String, List<String>> params(String... nameValue) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            params.computeIfAbsent(nameValue[i], n -> new java.util.ArrayList<>()).add(nameValue[i + 1]);
        }
        return params;
    }

    private static MailQuery parse(String... nameValue) {
        return SearchParams.parse(MAILBOX, params(nameValue));
    }

    @Nested
    class Defaults {

        @Test
        void searchShouldUseDocumentedDefaultsWhenNoParameterIsGiven() {
            MailQuery query = SearchParams.parse(MAILBOX, Map.of());

            assertThat(query.mailboxId()).isEqualTo(MAILBOX);
            assertThat(query.limit()).isEqualTo(20);
            assertThat(query.offset()).isZero();
            assertThat(query.sort()).isEqualTo(MailQuery.Sort.RECEIVED_AT_DESC);
            assertThat(query.sort().label()).isEqualTo("receivedAt:desc");
            assertThat(query.flags()).isEmpty();
            assertThat(query.text()).isNull();
            assertThat(query.from()).isNull();
            assertThat(query.to()).isNull();
            assertThat(query.subject()).isNull();
            assertThat(query.after()).isNull();
            assertThat(query.before()).isNull();
        }

        @Test
        void searchShouldTreatAParameterWithNoValueAsAbsent() {
            Map<String, List<String>> params = new LinkedHashMap<>();
            params.put("limit", List.of());
            params.put("text", List.of());

            MailQuery query = SearchParams.parse(MAILBOX, params);

            assertThat(query.limit()).isEqualTo(20);
            assertThat(query.text()).isNull();
        }
    }

    @Nested
    class Sort {

        @ParameterizedTest
        @CsvSource({
            "receivedAt:desc, RECEIVED_AT_DESC",
            "receivedAt:asc, RECEIVED_AT_ASC",
            "size:desc, SIZE_DESC",
            "size:asc, SIZE_ASC",
            "relevance, RELEVANCE"})
        void searchShouldAcceptEachSortLabel(String label, MailQuery.Sort expected) {
            assertThat(parse("sort", label).sort()).isEqualTo(expected);
        }

        @Test
        void searchShouldRejectUnknownSortField() {
            assertBadRequest(() -> parse("sort", "date"),
                "unknown sort 'date'; use one of receivedAt:desc, receivedAt:asc, size:desc, size:asc, relevance");
        }

        @Test
        void searchShouldRejectSortLabelInOtherCase() {
            assertBadRequest(() -> parse("sort", "RECEIVEDAT:DESC"),
                "unknown sort 'RECEIVEDAT:DESC'; use one of receivedAt:desc, receivedAt:asc, size:desc, size:asc, relevance");
        }
    }

    @Nested
    class Paging {

        @ParameterizedTest
        @ValueSource(strings = {"1", "100", " 7 "})
        void searchShouldAcceptLimitWithinOneToHundred(String limit) {
            assertThat(parse("limit", limit).limit()).isEqualTo(Integer.parseInt(limit.strip()));
        }

        @ParameterizedTest
        @ValueSource(strings = {"0", "101", "abc", "-1", "1e3", "2147483648"})
        void searchShouldRejectLimitOutsideOneToHundred(String limit) {
            assertBadRequest(() -> parse("limit", limit),
                "limit must be an integer between 1 and 100, got '" + limit + "'");
        }

        @Test
        void searchShouldAcceptOffsetZeroAndTheLastPageOfTheWindow() {
            assertThat(parse("offset", "0").offset()).isZero();
            MailQuery lastPage = parse("offset", "9980", "limit", "20");
            assertThat(lastPage.offset()).isEqualTo(9980);
            assertThat(lastPage.limit()).isEqualTo(20);
            assertThat(parse("offset", "9999", "limit", "1").offset()).isEqualTo(9999);
        }

        @ParameterizedTest
        @ValueSource(strings = {"-1", "10000", "ten"})
        void searchShouldRejectOffsetOutsideTheWindow(String offset) {
            assertBadRequest(() -> parse("offset", offset),
                "offset must be an integer between 0 and 9999, got '" + offset + "'");
        }

        @Test
        void searchShouldRejectOffsetPlusLimitBeyondTenThousand() {
            assertBadRequest(() -> parse("offset", "9981", "limit", "20"),
                "offset + limit must not exceed 10000, got 10001");
        }

        @Test
        void searchShouldRejectOffsetPlusDefaultLimitBeyondTenThousand() {
            assertBadRequest(() -> parse("offset", "9999"), "offset + limit must not exceed 10000, got 10019");
        }
    }

    @Nested
    class ParameterNames {

        @Test
        void searchShouldRejectUnknownParameterListingTheKnownOnes() {
            assertBadRequest(() -> parse("q", "hello"),
                "unknown query parameter 'q'; known: after, before, flags, from, limit, offset, sort, subject, text, to");
        }

        @Test
        void searchShouldRejectParameterNamesInOtherCase() {
            assertBadRequest(() -> parse("Limit", "5"),
                "unknown query parameter 'Limit'; known: after, before, flags, from, limit, offset, sort, subject, text, to");
        }

        @Test
        void searchShouldShortenAHugeUnknownParameterNameInTheMessage() {
            String name = "x".repeat(10_000);

            BadRequest error = catchThrowableOfType(BadRequest.class, () -> parse(name, "1"));

            assertThat(error.getMessage()).startsWith("unknown query parameter '" + "x".repeat(80) + "...'; known: ")
                .hasSizeLessThan(300);
        }

        @Test
        void searchShouldRejectRepeatedParameter() {
            assertBadRequest(() -> parse("text", "a", "text", "b"),
                "query parameter 'text' is given 2 times; give it once");
        }
    }

    @Nested
    class Dates {

        @Test
        void searchShouldReadAfterAsAPlainDateAtMidnightUtc() {
            assertThat(parse("after", "2025-03-01").after()).isEqualTo(Instant.parse("2025-03-01T00:00:00Z"));
        }

        @Test
        void searchShouldReadBeforeAsAnInstant() {
            assertThat(parse("before", "2025-03-02T10:15:30Z").before()).isEqualTo(Instant.parse("2025-03-02T10:15:30Z"));
        }

        @Test
        void searchShouldAcceptAfterEarlierThanBefore() {
            MailQuery query = parse("after", "2025-03-01", "before", "2025-03-01T00:00:01Z");

            assertThat(query.after()).isEqualTo(Instant.parse("2025-03-01T00:00:00Z"));
            assertThat(query.before()).isEqualTo(Instant.parse("2025-03-01T00:00:01Z"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"+10000-01-01T00:00:00Z", "-0001-12-31T00:00:00Z", "+999999999-01-01T00:00:00Z"})
        void searchShouldRejectInstantsOpenSearchCannotStore(String value) {
            assertBadRequest(() -> parse("before", value), "before must be between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z"
                + " (what OpenSearch can store), got " + Instant.parse(value));
        }

        @ParameterizedTest
        @ValueSource(strings = {"yesterday", "2025-13-01", "2025-3-1", "2025-03-01 10:00:00", "2025-03-01T10:00:00",
            "1740787200"})
        void searchShouldRejectMalformedAfter(String value) {
            assertBadRequest(() -> parse("after", value),
                "after must be an ISO-8601 date (2025-03-01) or instant (2025-03-01T10:00:00Z), got '" + value + "'");
        }

        @Test
        void searchShouldRejectMalformedBeforeNamingBefore() {
            assertBadRequest(() -> parse("before", "2025-02-30"),
                "before must be an ISO-8601 date (2025-03-01) or instant (2025-03-01T10:00:00Z), got '2025-02-30'");
        }

        @Test
        void searchShouldRejectAfterEqualToBefore() {
            assertBadRequest(() -> parse("after", "2025-03-01", "before", "2025-03-01T00:00:00Z"),
                "after (2025-03-01T00:00:00Z) must be earlier than before (2025-03-01T00:00:00Z)");
        }

        @Test
        void searchShouldRejectAfterLaterThanBefore() {
            assertBadRequest(() -> parse("after", "2025-03-02", "before", "2025-03-01"),
                "after (2025-03-02T00:00:00Z) must be earlier than before (2025-03-01T00:00:00Z)");
        }
    }

    @Nested
    class Text {

        @Test
        void searchShouldAcceptTextOfExactly512Characters() {
            String text = "a".repeat(512);

            assertThat(parse("text", text).text()).isEqualTo(text);
        }

        @Test
        void searchShouldRejectTextOver512Characters() {
            assertBadRequest(() -> parse("text", "a".repeat(513)), "text must be at most 512 characters, got 513");
        }

        @Test
        void searchShouldRejectSubjectOver512CharactersNamingSubject() {
            assertBadRequest(() -> parse("subject", "s".repeat(600)), "subject must be at most 512 characters, got 600");
        }

        @Test
        void searchShouldTreatWhitespaceOnlyTextAsAbsent() {
            assertThat(parse("text", "   \t ").text()).isNull();
        }

        @Test
        void searchShouldStripSurroundingWhitespaceFromText() {
            assertThat(parse("text", "  quarterly report ").text()).isEqualTo("quarterly report");
        }

        @Test
        void searchShouldNotCountSurroundingWhitespaceTowardsTheTextLimit() {
            String text = "b".repeat(512);

            assertThat(parse("text", "  " + text + "  ").text()).isEqualTo(text);
        }

        @ParameterizedTest
        @ValueSource(strings = {"{\"query\":{\"match_all\":{}}}", "*:*", "script", "from:alice AND _exists_:body",
            "\"ctx._source.x = 1\""})
        void searchShouldKeepQueryDslLookingTextVerbatimAsText(String text) {
            MailQuery query = parse("text", text);

            assertThat(query.text()).isEqualTo(text);
            assertThat(query.from()).isNull();
            assertThat(query.sort()).isEqualTo(MailQuery.Sort.RECEIVED_AT_DESC);
        }
    }

    @Nested
    class FromAndTo {

        @Test
        void searchShouldLowerCaseFromAndTo() {
            MailQuery query = parse("from", "Alice@Example.COM", "to", " BOB@example.org ");

            assertThat(query.from()).isEqualTo("alice@example.com");
            assertThat(query.to()).isEqualTo("bob@example.org");
        }

        @ParameterizedTest
        @ValueSource(strings = {"alice", "@example.com", "alice smith@example.com", "alice@example.com, bob@example.com"})
        void searchShouldRejectFromThatIsNotOneAddress(String from) {
            assertBadRequest(() -> parse("from", from),
                "from must be one mail address like alice@example.com, got '" + from.strip() + "'");
        }

        @Test
        void searchShouldRejectToWithControlCharacterNamingTo() {
            assertBadRequest(() -> parse("to", "bob\u0000@example.com"),
                "to must be one mail address like alice@example.com, got 'bob?@example.com'");
        }

        @Test
        void searchShouldRejectAddressLongerThan320Characters() {
            String address = "a".repeat(310) + "@example.com";

            BadRequest error = catchThrowableOfType(BadRequest.class, () -> parse("from", address));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("from must be one mail address like alice@example.com, got 'aaa");
        }
    }

    @Nested
    class FlagFilter {

        @Test
        void searchShouldNormaliseSystemFlagsAndKeepKeywords() {
            assertThat(parse("flags", "seen,Flagged,\\Draft,$Junk").flags())
                .containsExactly("\\Seen", "\\Flagged", "\\Draft", "$Junk");
        }

        @Test
        void searchShouldIgnoreSpacesAroundFlags() {
            assertThat(parse("flags", " seen , answered ").flags()).containsExactly("\\Seen", "\\Answered");
        }

        @Test
        void searchShouldRejectUnknownSystemLookingFlag() {
            assertBadRequest(() -> parse("flags", "seen,\\Bogus"),
                "unknown flag '\\Bogus'; use seen, answered, flagged, draft, deleted, recent"
                    + " or a keyword of letters, digits, '_', '-' (optionally starting with '$')");
        }

        @Test
        void searchShouldRejectMoreFlagsThanAMessageCarriesBeforeOpenSearchCountsTheirClauses() {
            String flags = String.join(",", java.util.Collections.nCopies(1_100, "seen"));

            assertBadRequest(() -> parse("flags", flags), "flags lists 1100 flags; at most 64 (a message carries no more)");
            assertThat(parse("flags", String.join(",", java.util.Collections.nCopies(64, "seen"))).flags()).hasSize(64);
        }

        @Test
        void searchShouldRejectAnEmptyFlagBetweenCommas() {
            BadRequest error = catchThrowableOfType(BadRequest.class, () -> parse("flags", "seen,,flagged"));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("unknown flag ''; use seen");
        }
    }

    @Nested
    class MailboxId {

        @ParameterizedTest
        @ValueSource(strings = {"user 1", "user:1", "", "user/1", "ü"})
        void searchShouldRejectInvalidMailboxId(String mailboxId) {
            assertBadRequest(() -> SearchParams.parse(mailboxId, Map.of()),
                "mailboxId must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-', got '" + mailboxId + "'");
        }

        @Test
        void searchShouldRejectMailboxIdOf129Characters() {
            BadRequest error = catchThrowableOfType(BadRequest.class, () -> SearchParams.parse("m".repeat(129), Map.of()));

            assertThat(error.status()).isEqualTo(400);
            assertThat(error.getMessage()).startsWith("mailboxId must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-'");
        }

        @Test
        void searchShouldAcceptMailboxIdOf128Characters() {
            String mailboxId = "m".repeat(128);

            assertThat(SearchParams.parse(mailboxId, Map.of()).mailboxId()).isEqualTo(mailboxId);
        }
    }
}
