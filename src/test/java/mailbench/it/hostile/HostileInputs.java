package mailbench.it.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Seeded generators of hostile facade input for {@link HostileInputIT}: each case draws from a
 * stream of its own (seed, generator, case number), so one failing case replays alone and the
 * same seed always gives the same requests.
 */
final class HostileInputs {

    private static final List<String> IDS = List.of("mbx-dsl", "d1", "m1", "..", ".", "_search", "_all", "%", "a:b");
    private static final List<String> FIELDS = List.of("from", "to", "cc", "subject", "body", "receivedAt", "flags", "size",
        "attachments", "mailboxId", "messageId", "unknown", "");
    private static final List<String> VALUES = List.of("null", "true", "-1", "1e999", "9223372036854775808", "[]", "{}", "[1,2]",
        "[{}]", "\"2025-13-45T99:00:00Z\"", "\"\\u0000\"", "[\"a@b.c\", 3]", "{\"$where\":1}", "[{\"name\":1,\"size\":\"x\"}]");
    private static final List<String> ODD_BODIES = List.of("", "[]", "null", "\"text\"", "{", "}", "{\"from\":{\"from\":{\"from\":{}}}}",
        "[".repeat(5_000));
    private static final List<String> BULK_LINES = List.of("{\"index\":{\"_index\":\"other\"}}", "{\"delete\":{\"_id\":\"d1\"}}",
        "{\"mailboxId\":\"mbx-x\",\"messageId\":\"x\",\"from\":\"a@b.c\",\"receivedAt\":\"2025-01-01T00:00:00Z\"}");
    private static final List<String> PARAMETERS = List.of("text", "from", "to", "subject", "after", "before", "flags", "sort",
        "limit", "offset");
    private static final List<String> PARAMETER_VALUES = List.of("", "-1", "0", "1001", "99999999999999999999", "receivedAt:desc",
        "size:sideways", "relevance", "_score", "2025-01-01", "2025-01-01T00:00:00Z", "tomorrow", "\\\\Seen", "\\\\Seen,\\\\Flagged", "NaN");
    private static final List<String> ODD_TARGETS = List.of("*", "//", "/%", "/%zz", "/%00", "/..%2f..%2fetc");
    /** Characters with a meaning somewhere between the URL, JSON and the query DSL. */
    private static final String SPECIAL = "\"\\/%?#&=+ .:;,{}[]<>'`*~!@$^|\u0000\u007f\u00a0\u2028\ufeff\uffff";
    static final String MESSAGE_PREFIX = "{\"from\":\"a@example.com\",\"receivedAt\":\"2025-01-01T00:00:00Z\"";

    private final UniformRandomProvider random;

    HostileInputs(UniformRandomProvider random) {
        this.random = random;
    }

    /** The stream of one case: neighbouring seeds, generators and case numbers land on unrelated streams. */
    static HostileInputs forCase(long seed, String generator, int index) {
        return new HostileInputs(RandomSource.XO_RO_SHI_RO_128_PP.create(mix(mix(seed ^ mix(generator.hashCode())) + index)));
    }

    String mailboxOrId() {
        return switch (random.nextInt(3)) {
            case 0 -> pick(IDS);
            case 1 -> anyString(1, 40);
            default -> stringOf("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_:.", 1, 600);
        };
    }

    /** Mostly almost-valid messages (one field wrong, a character lost), some plain garbage. */
    String messageBody() {
        return switch (random.nextInt(4)) {
            case 0 -> mistypedMessage();
            case 1 -> {
                String json = mistypedMessage();
                yield json.substring(0, Math.min(random.nextInt(61), json.length()));
            }
            case 2 -> anyString(0, 300);
            default -> pick(ODD_BODIES);
        };
    }

    private String mistypedMessage() {
        String value = random.nextBoolean() ? jsonString(anyString(0, 30)) : pick(VALUES);
        return MESSAGE_PREFIX + ",\"" + pick(FIELDS) + "\":" + value + "}";
    }

    String bulkBody() {
        return switch (random.nextInt(3)) {
            case 0 -> String.join("\n", list(0, 20, this::bulkLine));
            case 1 -> "[" + String.join(",", list(0, 20, this::bulkLine)) + "]";
            default -> anyString(0, 500);
        };
    }

    private String bulkLine() {
        return random.nextBoolean() ? messageBody() : pick(BULK_LINES);
    }

    String queryString() {
        return String.join("&", list(0, 12, () -> {
            String name = random.nextBoolean() ? pick(PARAMETERS) : anyString(0, 10);
            String value = random.nextBoolean() ? anyString(0, 40) : pick(PARAMETER_VALUES);
            return HostileInputIT.encode(name) + "=" + HostileInputIT.encode(value);
        }));
    }

    /** Request targets no URI builder would make: raw spaces stay out (they end the target), the rest is fair game. */
    String rawTarget() {
        String junk = printableAscii(0, 80);
        return switch (random.nextInt(4)) {
            case 0 -> "/mailboxes/" + junk + "/search?" + junk;
            case 1 -> "/" + junk;
            case 2 -> "/mailboxes/mbx-dsl/search?text=%" + junk;
            default -> pick(ODD_TARGETS);
        };
    }

    /**
     * A message within a few kB of the body cap: over it (any content), or under it with the JSON cut
     * short or an unknown field at the end. Bodies are ASCII, so characters are bytes.
     */
    SizedBody nearCapBody(int cap) {
        int kind = random.nextInt(3);
        int size = kind == 0 ? cap + 1 + random.nextInt(4_096) : cap - random.nextInt(4_096);
        String start = MESSAGE_PREFIX + ",\"body\":\"";
        String filler = printableAsciiWithoutQuotes(size - start.length());
        String body = switch (kind) {
            case 0 -> (start + filler).substring(0, size - 2) + "\"}";
            case 1 -> (start + filler).substring(0, size);
            default -> {
                String end = "\",\"unknown\":1}";
                yield (start + filler).substring(0, size - end.length()) + end;
            }
        };
        return new SizedBody(body, kind == 0 ? 413 : 400);
    }

    record SizedBody(String body, int expectedStatus) {
    }

    /**
     * A request sent in pieces of a few bytes with pauses between them (1.5 s of pauses at most in all): a message, a bulk
     * or a GET with a body, its length announced or sent chunked, and now and then given up halfway (the client closes).
     */
    SlowSend slowSend(int index) {
        String method = "PUT";
        String path = "/mailboxes/mbx-slow/messages/s" + index;
        String body = switch (random.nextInt(4)) {
            case 0 -> MESSAGE_PREFIX + ",\"subject\":" + jsonString(anyString(0, 200)) + "}";
            case 1 -> messageBody();
            case 2 -> {
                method = "POST";
                path = "/messages/_bulk";
                yield bulkBody();
            }
            default -> {
                method = "GET";
                path = "/mailboxes/mbx-slow/search?text=slow";
                yield anyString(1, 200);
            }
        };
        byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int total = bytes.length + 120;
        int pieceBytes = Math.max(random.nextInt(1, 65), total / 100 + 1);
        int pieces = total / pieceBytes + 1;
        int pauseMs = Math.max(1, Math.min(random.nextInt(1, 200), 1_500 / pieces));
        return new SlowSend(method, path, bytes, random.nextBoolean(), random.nextInt(5) == 0, pieceBytes, pauseMs);
    }

    /** {@code abort}: the client closes the connection halfway through the body, waiting for no answer. */
    record SlowSend(String method, String path, byte[] body, boolean chunked, boolean abort, int pieceBytes, int pauseMs) {
    }

    /** JSON nested from a few levels to far beyond any parser's depth limit, closed or not. */
    String deeplyNested() {
        int depth = random.nextInt(10) == 0 ? random.nextInt(1, 100_000) : random.nextInt(1, 5_000);
        String open;
        String close;
        switch (random.nextInt(4)) {
            case 0 -> {
                open = "[";
                close = "]";
            }
            case 1 -> {
                open = "{\"a\":";
                close = "}";
            }
            case 2 -> {
                open = "{\"a\":[";
                close = "]}";
            }
            default -> {
                open = "[{\"from\":";
                close = "}]";
            }
        }
        String inner = open.repeat(depth) + "1" + (random.nextInt(4) == 0 ? "" : close.repeat(depth));
        String field = pick(List.of("from", "to", "flags", "attachments", "size", "subject", "unknown"));
        return random.nextBoolean() ? inner : MESSAGE_PREFIX + ",\"" + field + "\":" + inner + "}";
    }

    /**
     * One message with thousands of tiny values where the facade takes a bounded number (recipients,
     * flags, attachments), or tiny values where no message can be (a top-level array, unknown keys).
     */
    String manyTinyValues(int cap) {
        return switch (random.nextInt(5)) {
            case 0 -> MESSAGE_PREFIX + ",\"to\":[" + repeat("\"a@b.c\"", random.nextInt(1_001, cap / 10)) + "]}";
            case 1 -> MESSAGE_PREFIX + ",\"flags\":[" + repeat("\"f\"", random.nextInt(65, cap / 6)) + "]}";
            case 2 -> MESSAGE_PREFIX + ",\"attachments\":[" + repeat("{}", random.nextInt(1_001, cap / 5)) + "]}";
            case 3 -> "[" + repeat("0", random.nextInt(1_000, cap / 3)) + "]";
            default -> {
                int keys = random.nextInt(1_000, cap / 12);
                StringBuilder json = new StringBuilder(MESSAGE_PREFIX);
                for (int i = 0; i < keys; i++) {
                    json.append(",\"k").append(i).append("\":0");
                }
                yield json.append('}').toString();
            }
        };
    }

    /** More NDJSON lines than a bulk may carry, each a tiny value. */
    String bulkOfManyTinyLines(int maxItems) {
        String line = pick(List.of("{}", "0", "[]", "\"\"", "{\"a\":1}"));
        return (line + "\n").repeat(random.nextInt(maxItems + 1, maxItems * 2));
    }

    private String repeat(String value, int times) {
        return String.join(",", java.util.Collections.nCopies(times, value));
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private List<String> list(int min, int max, Supplier<String> element) {
        int size = length(min, max);
        List<String> values = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            values.add(element.get());
        }
        return values;
    }

    /** Edge lengths (the minimum, the maximum) often, the rest uniform. */
    private int length(int min, int max) {
        return switch (random.nextInt(8)) {
            case 0 -> min;
            case 1 -> max;
            default -> random.nextInt(min, max + 1);
        };
    }

    /** Any UTF-16 text: control characters, specials, lone surrogates, pairs, anything in the BMP. */
    String anyString(int min, int max) {
        int length = length(min, max);
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            switch (random.nextInt(8)) {
                case 0 -> text.append((char) random.nextInt(0x20));
                case 1 -> text.append(SPECIAL.charAt(random.nextInt(SPECIAL.length())));
                case 2 -> text.append((char) random.nextInt(0xD800, 0xE000));
                case 3 -> {
                    if (text.length() + 2 <= length) {
                        text.appendCodePoint(random.nextInt(0x10000, 0x110000));
                    }
                }
                case 4, 5 -> text.append((char) random.nextInt(0x20, 0x7f));
                default -> text.append((char) random.nextInt(0x10000));
            }
        }
        return text.toString();
    }

    private String stringOf(String alphabet, int min, int max) {
        int length = length(min, max);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    private String printableAscii(int min, int max) {
        int length = length(min, max);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) random.nextInt('!', '~' + 1));
        }
        return text.toString();
    }

    private String printableAsciiWithoutQuotes(int length) {
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            char c = (char) random.nextInt(' ', '~' + 1);
            if (c != '"' && c != '\\') {
                text.append(c);
            }
        }
        return text.toString();
    }

    static String jsonString(String raw) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : raw.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    // SplitMix64 finaliser
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
