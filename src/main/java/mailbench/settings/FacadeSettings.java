package mailbench.settings;

import static mailbench.settings.KnobReaders.caFile;
import static mailbench.settings.KnobReaders.file;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import mailbench.facade.FacadeToken;
import mailbench.facade.opensearch.InjectedCost;
import mailbench.facadeclient.FacadeAccess;
import mailbench.knobs.Knobs;

/**
 * The facade: how the local stack starts it (heap, the opensearch-java it runs, JVM options and its own options, the
 * variant's among them) and how a run gets into one, local or given as a target (its token file, its CA).
 * {@code opensearchJava} is null against a target, whose facade is what it is.
 */
public record FacadeSettings(String heap, String opensearchJava, List<String> jvmArgs, List<String> args, Path tokenFile, Path ca) {

    /** The token the facade requires: -Dmailbench.facade.tokenFile, else $MAILBENCH_FACADE_TOKEN; null: none. */
    public FacadeToken token() {
        return FacadeToken.fromFileOrEnv(tokenFile, System.getenv(), "-D" + Knobs.FACADE_TOKEN_FILE.name());
    }

    /** How the run gets into a facade given as a target: its token and, for https, -Dmailbench.facade.ca's CAs. */
    public FacadeAccess access() {
        return FacadeAccess.of(token(), ca, "-D" + Knobs.FACADE_CA.name());
    }

    /** {@code local}: the variant the local stack starts the facade as; null against a target. */
    static FacadeSettings read(Variant local) {
        List<String> args = new ArrayList<>(List.of("--event-loops", "" + Knobs.FACADE_EVENT_LOOPS.intValue(1, 64),
            "--io-threads", "" + Knobs.FACADE_IO_THREADS.intValue(1, 64),
            "--max-connections", "" + Knobs.FACADE_CONNECTIONS.intValue(1, 10_000),
            "--max-in-flight", "" + Knobs.FACADE_MAX_IN_FLIGHT.intValue(1, 100_000),
            "--max-event-loop-lag-ms", "" + Knobs.FACADE_MAX_EVENT_LOOP_LAG.intValue(0, 600_000)));
        if (local != null) {
            args.addAll(local.facadeArgs());
            args.addAll(injectedCostArgs());
        }
        Path tokenFile = file(Knobs.FACADE_TOKEN_FILE);
        if (tokenFile != null) {
            // read once here, so a missing or short token fails the run before anything starts, naming the knob
            FacadeToken.fromFileOrEnv(tokenFile, Map.of(), "-D" + Knobs.FACADE_TOKEN_FILE.name());
            if (local != null) {
                args.addAll(List.of(FacadeToken.OPTION, tokenFile.toAbsolutePath().toString()));
            }
        }
        return new FacadeSettings(Knobs.FACADE_HEAP.value(), local == null ? null : local.opensearchJava(), readJvmArgs(),
            List.copyOf(args), tokenFile, readCa());
    }

    /** The facade's calibration options, only when set: a facade built before they existed still starts without them. */
    private static List<String> injectedCostArgs() {
        List<String> args = new ArrayList<>();
        int cpuMicros = Knobs.FACADE_INJECT_CPU.intValue(0, InjectedCost.MAX_CPU_MICROS);
        int allocBytes = Knobs.FACADE_INJECT_ALLOC.intValue(0, InjectedCost.MAX_ALLOC_BYTES);
        if (cpuMicros > 0) {
            args.addAll(List.of("--inject-cpu-micros", Integer.toString(cpuMicros)));
        }
        if (allocBytes > 0) {
            args.addAll(List.of("--inject-alloc-bytes", Integer.toString(allocBytes)));
        }
        return args;
    }

    private static List<String> readJvmArgs() {
        String value = Knobs.FACADE_JVM_ARGS.value();
        List<String> args = value.isEmpty() ? List.of() : List.of(value.split("\\s+"));
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                throw new IllegalArgumentException(
                    "-D" + Knobs.FACADE_JVM_ARGS.name() + " takes JVM options that start with '-', got '" + arg + "'");
            }
        }
        return args;
    }

    /** -Dmailbench.facade.ca, read once here so a bad file fails the run before anything starts; null: not given. */
    private static Path readCa() {
        Path ca = caFile(Knobs.FACADE_CA);
        FacadeAccess.of(null, ca, "-D" + Knobs.FACADE_CA.name());
        return ca;
    }
}
