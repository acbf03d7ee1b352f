package mailbench.run;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchUrls;
import mailbench.facade.opensearch.InjectedCost;
import mailbench.facadeclient.FacadeAccess;
import mailbench.indexing.BulkMatrix;
import mailbench.knobs.Knob;
import mailbench.knobs.Knobs;
import mailbench.network.NetworkOptions;
import mailbench.network.NetworkProfile;
import mailbench.profiler.CaptureSettings;
import mailbench.stack.NodeJdk;

/**
 * The knobs that need more than a number: each read once, checked, and turned into what {@link BenchConfig} holds (an
 * index name, a JDK, an access, a capture's settings, a CA file). A bad value fails the run before anything starts,
 * naming the property and what it accepts.
 */
final class KnobReaders {

    private KnobReaders() {
    }

    static String readIndex() {
        String index = Knobs.INDEX.value();
        if (!index.matches("[a-z0-9][a-z0-9._-]{0,200}")) {
            throw new IllegalArgumentException("-D" + Knobs.INDEX.name() + " must be a lowercase OpenSearch index name (a-z, 0-9, '.',"
                + " '_', '-'), got '" + index + "'");
        }
        return index;
    }

    /**
     * The local stack's network. A profile shapes the hops of the stack mailbench starts: against a target, or on the
     * direct path (no facade between Gatling and the node), it is refused rather than silently left out.
     */
    static NetworkOptions readNetwork(URI target, RequestPath path) {
        NetworkProfile profile;
        try {
            profile = NetworkProfile.named(Knobs.NETWORK.value());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + Knobs.NETWORK.name() + ": " + e.getMessage());
        }
        if (!profile.none() && target != null) {
            throw new IllegalArgumentException("-D" + Knobs.NETWORK.name() + "=" + profile.name() + " shapes the local stack's hops; against"
                + " -D" + Knobs.TARGET.name() + " the network is the real one: leave it " + NetworkProfile.NONE.name());
        }
        if (!profile.none() && path == RequestPath.DIRECT) {
            throw new IllegalArgumentException("-D" + Knobs.NETWORK.name() + "=" + profile.name() + " shapes the hops through the facade;"
                + " the direct path has none: leave it " + NetworkProfile.NONE.name() + " with -D" + Knobs.PATH.name() + "=direct");
        }
        return new NetworkOptions(profile, file(Knobs.TOXIPROXY_BIN), "-D" + Knobs.TOXIPROXY_BIN.name());
    }

    /** The facade's calibration options, only when set: a facade built before they existed still starts without them. */
    static List<String> injectedCostArgs() {
        List<String> args = new java.util.ArrayList<>();
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

    /** The local node's JDK; one that cannot run -Dmailbench.opensearch.version fails the run here, before anything starts. */
    static NodeJdk readOpensearchJdk(String opensearchVersion) {
        NodeJdk jdk = NodeJdk.resolve(Knobs.OPENSEARCH_JAVA_HOME.value(), System.getenv(), "-D" + Knobs.OPENSEARCH_JAVA_HOME.name());
        jdk.requireFor(opensearchVersion);
        return jdk;
    }

    /** How mailbench gets into -Dmailbench.opensearch's hosts on staging: the facade's --opensearch-* options, as knobs. */
    static OpenSearchAccess readOpenSearchAccess() {
        return OpenSearchAccess.of(file(Knobs.OPENSEARCH_CA), file(Knobs.OPENSEARCH_TRUSTSTORE), file(Knobs.OPENSEARCH_CREDENTIALS_FILE),
            System.getenv(), "-D" + Knobs.OPENSEARCH_CA.name(),
            "-D" + Knobs.OPENSEARCH_TRUSTSTORE.name(), "-D" + Knobs.OPENSEARCH_CREDENTIALS_FILE.name());
    }

    static Path file(Knob knob) {
        return knob.value().isEmpty() ? null : Path.of(knob.value());
    }

    static BulkMatrix readBulkMatrix() {
        // a bulk of 10,000 is the facade's default --max-bulk-items; 256 bulks at once is far past any useful concurrency
        return new BulkMatrix(Knobs.BULK_SIZES.intListValue(1, 10_000), Knobs.BULK_CONCURRENCY.intListValue(1, 256),
            Knobs.BULK_DOCS.intValue(1, 1_000_000), Knobs.BULK_WARMUP_DOCS.intValue(0, 1_000_000),
            Knobs.BULK_INVALID_EVERY.intValue(0, 1_000_000));
    }

    /** BulkIndexSimulation's index: -Dmailbench.bulk.index, else the run's; deleted on a target only when confirmed. */
    static BenchConfig.BulkIndex readBulkIndex(String runIndex) {
        String named = Knobs.BULK_INDEX.value();
        return new BenchConfig.BulkIndex(named.isEmpty() ? runIndex : named, Knobs.BULK_DELETE_ON_TARGET.booleanValue());
    }

    static List<String> readFacadeJvmArgs() {
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

    /**
     * -Dmailbench.gatling.jit, checked against the options of the JVM this runs in ({@code jvmArguments}): c1 must have
     * reached Gatling's JVM, or the run would say C1 while C2 compiled beside the facades.
     */
    static void requireGatlingJit(List<String> jvmArguments) {
        String jit = Knobs.GATLING_JIT.value();
        switch (jit) {
            case "tiered" -> {
            }
            case "c1" -> {
                if (!jvmArguments.contains(Knobs.C1_ONLY)) {
                    throw new IllegalArgumentException("-D" + Knobs.GATLING_JIT.name() + "=c1, but this JVM runs without " + Knobs.C1_ONLY
                        + ": the pom's profile gatling-c1 adds it to the JVM that mvn gatling:test forks; run through mvn gatling:test");
                }
            }
            default -> throw new IllegalArgumentException("-D" + Knobs.GATLING_JIT.name() + " must be tiered or c1, got '" + jit + "'");
        }
    }

    static BenchConfig.Profiling readProfiling() {
        int intervalMs = Knobs.PROFILER_INTERVAL.intValue(1, CaptureSettings.MAX_INTERVAL_MS);
        String event;
        try {
            event = CaptureSettings.requireEvent(Knobs.PROFILER_EVENT.value());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + Knobs.PROFILER_EVENT.name() + ": " + e.getMessage());
        }
        long allocBytes = CaptureSettings.parseAllocBytes(Knobs.PROFILER_ALLOC_BYTES.value(), "-D" + Knobs.PROFILER_ALLOC_BYTES.name());
        CaptureSettings settings;
        try {
            settings = new CaptureSettings(event, intervalMs, allocBytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + Knobs.PROFILER_INTERVAL.name() + ": " + e.getMessage());
        }
        String tokenFile = Knobs.PROFILER_TOKEN_FILE.value();
        BenchConfig.Profiling profiling = new BenchConfig.Profiling(Knobs.PROFILER.booleanValue(), url(Knobs.PROFILER_URL),
            tokenFile.isEmpty() ? null : Path.of(tokenFile), settings, Knobs.PROFILER_TRIM.intValue(0, 3_600), caFile(Knobs.PROFILER_CA));
        profiling.trust().sslContext("-D" + Knobs.PROFILER_CA.name(), "-D" + Knobs.PROFILER_CA.name());
        return profiling;
    }

    static URI url(Knob knob) {
        String value = knob.value();
        if (value.isEmpty()) {
            return null;
        }
        List<URI> urls = OpenSearchUrls.parse(value, "-D" + knob.name());
        if (urls.size() != 1) {
            throw new IllegalArgumentException("-D" + knob.name() + " takes one http(s)://host:port URL, got " + urls.size());
        }
        return urls.get(0);
    }

    /** -Dmailbench.facade.ca, read once here so a bad file fails the run before anything starts; null: not given. */
    static Path readFacadeCa() {
        Path ca = caFile(Knobs.FACADE_CA);
        FacadeAccess.of(null, ca, "-D" + Knobs.FACADE_CA.name());
        return ca;
    }

    static Path caFile(Knob knob) {
        Path file = file(knob);
        if (file != null && !Files.isRegularFile(file)) {
            throw new IllegalArgumentException("-D" + knob.name() + ": no such file: " + file);
        }
        return file == null ? null : file.toAbsolutePath();
    }
}
