package mailbench.stack;

import java.util.List;

/**
 * The JIT compilers of an embedded node's JVM. TIERED is the JVM's default (C1, then C2 for the hot code), what a
 * measured run's node runs. C1 stops at the quick compiler: for short runs that check behaviour, never speed, such as
 * the test suite's. In a fresh clone's build on the 2-core VM the suite's nodes spent 182 of their 405 CPU seconds in
 * C2's compile threads; on C1 the code they ran took 191-197 s against 183 (docs/tests.adoc#suite-node-jit).
 */
public enum NodeJit {

    TIERED(List.of()), C1(List.of(NodeJit.C1_ONLY));

    /** The JVM option of C1-only compilation, for any JVM mailbench starts (Knobs.C1_ONLY names it for the others). */
    public static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    private final List<String> jvmOptions;

    NodeJit(List<String> jvmOptions) {
        this.jvmOptions = jvmOptions;
    }

    /** The JVM options that choose these compilers (none for the default). */
    public List<String> jvmOptions() {
        return jvmOptions;
    }

    /** {@code tiered} or {@code c1}; anything else is refused naming {@code setting}, where the value came from. */
    public static NodeJit parse(String value, String setting) {
        return switch (value == null ? "" : value.strip()) {
            case "tiered" -> TIERED;
            case "c1" -> C1;
            default -> throw new IllegalArgumentException(setting + " must be tiered or c1, got '" + value + "'");
        };
    }
}
