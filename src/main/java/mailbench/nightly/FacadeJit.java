package mailbench.nightly;

import java.util.Map;

import mailbench.knobs.Knobs;

/**
 * Which JIT compilers a duet's facades run with. TIERED is the JVM's default (C1, then C2 for the hot code). C1 stops at
 * the quick compiler: on a host too small for C2 to finish within a pair's warm-up (a 0.40-core quota left 55-77% of a
 * facade's samples to the compilers after 120 s, docs/results/2026-11-27-slow-host-jit.adoc) the request path is then
 * compiled code that stays put, and a change to its work shows; what C2 alone would do to it (inlining, escape analysis)
 * is not judged. Gatling's JVMs keep their own tier (-Dmailbench.gatling.jit, tiered by default): with them on C1 too,
 * identical code read the current side 4.5% dearer over 21 pairs, spread 7.1 points, against -0.5% and 4.4 points over 17
 * with them tiered (docs/results/2026-11-28-small-host-series.adoc#gatling-tier).
 */
enum FacadeJit {

    TIERED(null), C1(Knobs.C1_ONLY);

    /** The JVM option that names a compiler tier: an operator who sets it has chosen, and the fit leaves it alone. */
    static final String TIER_OPTION = "-XX:TieredStopAtLevel=";

    private final String jvmArg;

    FacadeJit(String jvmArg) {
        this.jvmArg = jvmArg;
    }

    /** Whether -Dmailbench.facade.jvmArgs in {@code properties} names a compiler tier already. */
    static boolean named(Map<String, String> properties) {
        return properties.getOrDefault(Knobs.FACADE_JVM_ARGS.name(), "").contains(TIER_OPTION);
    }

    /** What to add to a side's {@code properties}: its facade's JVM options with this JIT's option (TIERED: nothing). */
    Map<String, String> added(Map<String, String> properties) {
        if (jvmArg == null) {
            return Map.of();
        }
        String given = properties.getOrDefault(Knobs.FACADE_JVM_ARGS.name(), "").strip();
        return Map.of(Knobs.FACADE_JVM_ARGS.name(), given.isEmpty() ? jvmArg : given + " " + jvmArg);
    }

    String describe() {
        return this == TIERED ? "tiered JIT (C1, then C2)" : "C1 only (" + jvmArg + ")";
    }
}
