package mailbench.knobs;

/**
 * How a total rate ({@code -Dmailbench.rate}) is shared by the parts that send it together: the injectors of one load,
 * the two sides of a duet. One rule for both: equal whole parts, the remainder one req/s each to the first parts, so the
 * shares add up to the total. A duet also needs its sides equal (each side's CPU per request is compared with the
 * other's), so it asks for a total with no remainder ({@link #equal()}).
 */
public record RateShares(int total, int parts) {

    public RateShares {
        if (parts < 1) {
            throw new IllegalArgumentException("a rate is shared by one part or more, got " + parts);
        }
        if (total < parts) {
            throw new IllegalArgumentException("-D" + Knobs.RATE.name() + "=" + total + " is shared by " + parts + ": each needs at least"
                + " 1 req/s (give a total of " + parts + " or more)");
        }
    }

    /** Part {@code index}'s share (from 0). */
    public int of(int index) {
        if (index < 0 || index >= parts) {
            throw new IndexOutOfBoundsException("part " + index + " of " + parts);
        }
        return total / parts + (index < total % parts ? 1 : 0);
    }

    /** Whether every part gets the same share. */
    public boolean equal() {
        return total % parts == 0;
    }
}
