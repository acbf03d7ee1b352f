package mailbench.facade;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import mailbench.facade.opensearch.MailQuery;
import mailbench.json.IsoInstants;

/** Turns a search's query string into a {@link MailQuery}, refusing anything it does not understand. */
public final class SearchParams {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    /** OpenSearch's default max_result_window: deeper pages must use search_after, not offset. */
    public static final int MAX_WINDOW = 10_000;
    static final int MAX_TEXT = 512;
    static final Set<String> KNOWN = Set.of("text", "from", "to", "subject", "after", "before", "flags", "sort",
        "limit", "offset");

    private SearchParams() {
    }

    public static MailQuery parse(String mailboxId, Map<String, List<String>> params) {
        for (Map.Entry<String, List<String>> param : params.entrySet()) {
            if (!KNOWN.contains(param.getKey())) {
                throw new BadRequest("unknown query parameter '" + Snippet.of(param.getKey()) + "'; known: "
                    + String.join(", ", KNOWN.stream().sorted().toList()));
            }
            if (param.getValue().size() > 1) {
                throw new BadRequest("query parameter '" + param.getKey() + "' is given " + param.getValue().size()
                    + " times; give it once");
            }
        }
        Instant after = instant(params, "after");
        Instant before = instant(params, "before");
        if (after != null && before != null && !after.isBefore(before)) {
            throw new BadRequest("after (" + after + ") must be earlier than before (" + before + ")");
        }
        int limit = integer(params, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
        int offset = integer(params, "offset", 0, 0, MAX_WINDOW - 1);
        if (offset + limit > MAX_WINDOW) {
            throw new BadRequest("offset + limit must not exceed " + MAX_WINDOW + ", got " + (offset + limit));
        }
        return new MailQuery(Ids.require("mailboxId", mailboxId), text(params, "text"), address(params, "from"),
            address(params, "to"), text(params, "subject"), after, before, flags(params), sort(params), limit, offset);
    }

    private static String single(Map<String, List<String>> params, String name) {
        List<String> values = params.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        String value = values.get(0).strip();
        return value.isEmpty() ? null : value;
    }

    private static String text(Map<String, List<String>> params, String name) {
        String value = single(params, name);
        if (value != null && value.length() > MAX_TEXT) {
            throw new BadRequest(name + " must be at most " + MAX_TEXT + " characters, got " + value.length());
        }
        return value == null ? null : QueryTerms.require(name, value);
    }

    private static String address(Map<String, List<String>> params, String name) {
        String value = single(params, name);
        if (value == null) {
            return null;
        }
        return Addresses.require(name, value);
    }

    private static Instant instant(Map<String, List<String>> params, String name) {
        String value = single(params, name);
        if (value == null) {
            return null;
        }
        try {
            return Dates.require(name, value.length() == 10 ? LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant()
                : IsoInstants.parse(value));
        } catch (DateTimeParseException e) {
            throw new BadRequest(name + " must be an ISO-8601 date (2025-03-01) or instant (2025-03-01T10:00:00Z), got '"
                + Snippet.of(value) + "'");
        }
    }

    private static int integer(Map<String, List<String>> params, String name, int defaultValue, int min, int max) {
        String value = single(params, name);
        if (value == null) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below with the range
        }
        throw new BadRequest(name + " must be an integer between " + min + " and " + max + ", got '" + Snippet.of(value) + "'");
    }

    private static List<String> flags(Map<String, List<String>> params) {
        String value = single(params, "flags");
        if (value == null) {
            return List.of();
        }
        String[] given = value.split(",");
        if (given.length > Flags.MAX_PER_MESSAGE) {
            throw new BadRequest("flags lists " + given.length + " flags; at most " + Flags.MAX_PER_MESSAGE
                + " (a message carries no more)");
        }
        List<String> flags = new ArrayList<>();
        for (String flag : given) {
            flags.add(Flags.normalize(flag.strip()));
        }
        return List.copyOf(flags);
    }

    private static MailQuery.Sort sort(Map<String, List<String>> params) {
        String value = single(params, "sort");
        if (value == null) {
            return MailQuery.Sort.RECEIVED_AT_DESC;
        }
        for (MailQuery.Sort sort : MailQuery.Sort.values()) {
            if (sort.label().equals(value)) {
                return sort;
            }
        }
        throw new BadRequest("unknown sort '" + Snippet.of(value) + "'; use one of "
            + String.join(", ", Arrays.stream(MailQuery.Sort.values()).map(MailQuery.Sort::label).toList()));
    }
}
