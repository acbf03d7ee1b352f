package mailbench.settings;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import mailbench.access.OpenSearchUrls;
import mailbench.knobs.Knob;
import mailbench.knobs.Knobs;

/**
 * The readings the settings' records share: a knob with a simulation's own default, a file, a CA file, one URL, and
 * the check that -Dmailbench.gatling.jit reached the JVM it names. A bad value fails the run before anything starts,
 * naming the property and what it accepts.
 */
final class KnobReaders {

    private KnobReaders() {
    }

    /** The knob with a simulation's own default, if it gives one. */
    static Knob knob(Map<String, String> defaults, Knob knob) {
        String simulationDefault = defaults.get(knob.name());
        return simulationDefault == null ? knob : new Knob(knob.name(), simulationDefault, knob.description());
    }

    static Path file(Knob knob) {
        return knob.value().isEmpty() ? null : Path.of(knob.value());
    }

    static Path caFile(Knob knob) {
        Path file = file(knob);
        if (file != null && !Files.isRegularFile(file)) {
            throw new IllegalArgumentException("-D" + knob.name() + ": no such file: " + file);
        }
        return file == null ? null : file.toAbsolutePath();
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
}
