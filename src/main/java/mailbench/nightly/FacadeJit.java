package mailbench.nightly;

import java.util.LinkedHashMap;
import java.util.Map;

import mailbench.knobs.Knobs;

/**
 * Which JIT compilers a duet's facades run with, and with them Gatling's JVMs. TIERED is the JVM's default (C1, then C2
 * for the hot code). C1 stops at the quick compiler: on a host too small for C2 to finish within a pair's warm-up (a
 * 0.40-core quota left 55-77% of a facade's samples to the compilers after 120 s, docs/results/2026-11-27-slow-host-jit.adoc)
 * the request path is then compiled code that stays put, and a change to its work shows; what C2 alone would do to it
 * (inlining, escape analysis) is not judged. Gatling's JVMs are never judged, only their CPU is taken from the host: in a
 * 0.42-core quota their C2 compiles held 0.18 of it in a measured minute, more than the two facades (0.12).
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

    /**
     * What to add to a side's {@code properties}: its facade's JVM options with this JIT's option, and Gatling's JIT unless
     * the side names one (TIERED: nothing).
     */
    Map<String, String> added(Map<String, String> properties) {
        if (jvmArg == null) {
            return Map.of();
        }
        Map<String, String> added = new LinkedHashMap<>();
        String given = properties.getOrDefault(Knobs.FACADE_JVM_ARGS.name(), "").strip();
        added.put(Knobs.FACADE_JVM_ARGS.name(), given.isEmpty() ? jvmArg : given + " " + jvmArg);
        if (!properties.containsKey(Knobs.GATLING_JIT.name())) {
            added.put(Knobs.GATLING_JIT.name(), "c1");
        }
        return Map.copyOf(added);
    }

    String describe() {
        return this == TIERED ? "tiered JIT (C1, then C2)" : "C1 only (" + jvmArg + "), Gatling's too";
    }
}
