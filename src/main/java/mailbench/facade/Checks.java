package mailbench.facade;

import java.time.Duration;

/** The facade's option checks: a bad value is an IllegalArgumentException naming its option and what it accepts. */
final class Checks {

    private Checks() {
    }

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    static void requireMillis(Duration value, long least, long most, String option) {
        require(value != null && value.toMillis() >= least && value.toMillis() <= most,
            option + " must be between " + least + " and " + most + ", got " + (value == null ? null : value.toMillis()));
    }
}
