package mailbench.settings;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.Consumer;

/**
 * The agreed start of a run's load ({@code -Dmailbench.startAt}): runs that are told the same instant start their load
 * in the same second, whatever their own start-up took (the two sides of a duet, several injectors). A run that is
 * ready early waits; one that is ready late starts at once and says by how much it missed, for whoever judges the
 * runs together to see.
 */
public final class StartAt {

    /** An agreed start further away than this is a mistake (a date typed wrong), not a plan. */
    static final Duration MAX_AHEAD = Duration.ofHours(24);

    private StartAt() {
    }

    /** Null for an empty value; epoch milliseconds or an ISO-8601 instant, else a message that names the knob. */
    static Instant parse(String value, String option) {
        return parse(value, option, Clock.systemUTC());
    }

    static Instant parse(String value, String option, Clock clock) {
        if (value == null || value.isBlank()) {
            return null;
        }
        Instant at;
        try {
            at = value.strip().chars().allMatch(Character::isDigit) ? Instant.ofEpochMilli(Long.parseLong(value.strip()))
                : Instant.parse(value.strip());
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException(option + " must be epoch milliseconds or an ISO-8601 instant such as"
                + " 2026-11-26T02:00:00Z, got '" + value + "'");
        }
        if (at.isAfter(clock.instant().plus(MAX_AHEAD))) {
            throw new IllegalArgumentException(option + " is more than " + MAX_AHEAD.toHours() + " hours ahead (" + at + "): a mistake?");
        }
        return at;
    }

    /** Waits until {@code at} (nothing when null); the wait, or how late the run was, goes to {@code event}. */
    public static void await(Instant at, Consumer<String> event) throws InterruptedException {
        if (at == null) {
            return;
        }
        long aheadMillis = Duration.between(Instant.now(), at).toMillis();
        if (aheadMillis < 0) {
            event.accept(String.format(java.util.Locale.ROOT, "late for the agreed start %s by %.1f s: the load starts now", at,
                -aheadMillis / 1000.0));
            return;
        }
        event.accept(String.format(java.util.Locale.ROOT, "waiting %.1f s for the agreed start %s", aheadMillis / 1000.0, at));
        // a clock time, not a condition: nothing else can be polled for it. Sleep again for what is left, since
        // milliseconds truncate and a sleep may end a little early: the load must never start before the instant.
        for (Duration left = Duration.between(Instant.now(), at); !left.isNegative() && !left.isZero();
             left = Duration.between(Instant.now(), at)) {
            Thread.sleep(left.toMillis(), left.toNanosPart() % 1_000_000);
        }
        long behind = Duration.between(at, Instant.now()).toMillis();
        event.accept("agreed start reached (" + behind + " ms after it)");
    }
}
