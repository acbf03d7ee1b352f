package mailbench.settings;

import mailbench.knobs.Knobs;

/**
 * How the measured phase's requests are spaced ({@code -Dmailbench.arrivals}) at the same mean rate: evenly (Gatling's
 * {@code constantUsersPerSec}), or at random gaps (its {@code randomized}: a Poisson stream). Two runs loading one host
 * from one agreed second at even spacing send on the same ticks, one of them a few milliseconds behind the other all
 * along; the one behind read its request path 3-6% cheaper (docs/results/2026-11-29-facade-draws.adoc#trailing), so a
 * duet's sides send at random gaps.
 */
public enum Arrivals {

    REGULAR("regular"),
    RANDOM("random");

    private final String value;

    Arrivals(String value) {
        this.value = value;
    }

    /** The knob's value; an unknown one is refused with the values it takes. */
    public static Arrivals of(String value) {
        for (Arrivals arrivals : values()) {
            if (arrivals.value.equals(value)) {
                return arrivals;
            }
        }
        throw new IllegalArgumentException("-D" + Knobs.ARRIVALS.name() + " must be regular or random, got '" + value + "'");
    }

    /** As the knob and run.json spell it. */
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
