package mailbench.json;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

/**
 * ISO-8601 instants in UTC ({@code 2025-03-01T10:15:30.123Z}), read and written without {@link DateTimeFormatter}: the
 * formatter's parse and format allocate a few hundred bytes each, and a search's reply reads and writes one instant a hit
 * (docs/results/2026-11-26-facade-own-cost.adoc). Years 0000 to 9999 take the short path; anything else goes to
 * {@link Instant#parse} and {@link DateTimeFormatter#ISO_INSTANT}, so the text read and written is exactly theirs.
 */
public final class IsoInstants {

    private static final int SECONDS_PER_DAY = 86_400;

    private IsoInstants() {
    }

    /** As {@link Instant#parse}: the same instants accepted, the same exception for text it refuses. */
    public static Instant parse(CharSequence text) {
        Instant fast = parseCommon(text);
        return fast != null ? fast : Instant.parse(text);
    }

    /** {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z} with valid fields, else null (the caller falls back to the formatter). */
    private static Instant parseCommon(CharSequence s) {
        int n = s.length();
        if (n < 20 || n > 30 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
            || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if ((year | month | day | hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        int nanos = 0;
        if (n > 20) {
            int fraction = n - 21;
            if (s.charAt(19) != '.' || fraction < 1 || fraction > 9) {
                return null;
            }
            nanos = digits(s, 20, fraction);
            if (nanos < 0) {
                return null;
            }
            for (int i = fraction; i < 9; i++) {
                nanos *= 10;
            }
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay * SECONDS_PER_DAY + hour * 3600L + minute * 60L + second, nanos);
    }

    /** The value of {@code count} ASCII digits at {@code from}, or -1 if one is not a digit. */
    private static int digits(CharSequence s, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            int digit = s.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** As {@link DateTimeFormatter#ISO_INSTANT}: the fraction in groups of three digits, none when it is zero. */
    public static String format(Instant instant) {
        char[] text = new char[30];
        int length = formatCommon(instant, text);
        return length < 0 ? DateTimeFormatter.ISO_INSTANT.format(instant) : new String(text, 0, length);
    }

    /** Writes {@code instant} into {@code out} (30 chars at least) and returns its length, or -1 outside years 0000 to 9999. */
    private static int formatCommon(Instant instant, char[] out) {
        long seconds = instant.getEpochSecond();
        long epochDay = Math.floorDiv(seconds, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        int year = date.getYear();
        if (year < 0 || year > 9999) {
            return -1;
        }
        put(out, 0, year, 4);
        out[4] = '-';
        put(out, 5, date.getMonthValue(), 2);
        out[7] = '-';
        put(out, 8, date.getDayOfMonth(), 2);
        out[10] = 'T';
        put(out, 11, secondOfDay / 3600, 2);
        out[13] = ':';
        put(out, 14, secondOfDay / 60 % 60, 2);
        out[16] = ':';
        put(out, 17, secondOfDay % 60, 2);
        int at = 19;
        int nanos = instant.getNano();
        if (nanos > 0) {
            out[at++] = '.';
            if (nanos % 1_000_000 == 0) {
                put(out, at, nanos / 1_000_000, 3);
                at += 3;
            } else if (nanos % 1_000 == 0) {
                put(out, at, nanos / 1_000, 6);
                at += 6;
            } else {
                put(out, at, nanos, 9);
                at += 9;
            }
        }
        out[at++] = 'Z';
        return at;
    }

    private static void put(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /** Jackson's writer of instants for {@link Json#MAPPER}: the same text as the JavaTimeModule's, written from a char buffer. */
    static final class Serializer extends StdSerializer<Instant> {

        Serializer() {
            super(Instant.class);
        }

        @Override
        public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            char[] text = new char[30];
            int length = formatCommon(value, text);
            if (length < 0) {
                generator.writeString(DateTimeFormatter.ISO_INSTANT.format(value));
            } else {
                generator.writeString(text, 0, length);
            }
        }
    }
}
