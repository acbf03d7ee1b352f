package mailbench.profiler;

/** Percentages with two decimals, 0 for an empty whole. */
final class Shares {

    private Shares() {
    }

    static double percent(long part, long whole) {
        return whole == 0 ? 0 : Math.round(part * 10_000.0 / whole) / 100.0;
    }
}
