package mailbench.injectors;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import mailbench.errors.ToolError;
import mailbench.settings.InjectorShare;
import mailbench.knobs.Knobs;

/**
 * What one swarm-run is asked to do, checked before anything reaches Docker: N injectors of an image, the total rate,
 * the facade they load and what they need to get in (its token and the CA of its certificate), the knobs every injector
 * gets, and where the job's folder goes.
 */
public record SwarmPlan(int injectors, int rate, URI target, String image, String simulation, Map<String, String> knobs,
                        FacadeAccess access, Path out, Duration lead, Duration grace, String docker) {

    /** Gatling verifies certificates only with this JVM property false; its own default trusts any. */
    static final String GATLING_INSECURE = "gatling.ssl.useInsecureTrustManager";

    /**
     * The facade's token file and the CA (PEM) that signed an https facade's certificate, each mounted read-only into
     * every injector; null where not given.
     */
    public record FacadeAccess(Path tokenFile, Path ca) {

        public static final FacadeAccess NONE = new FacadeAccess(null, null);

        public FacadeAccess {
            if (tokenFile != null && !Files.isRegularFile(tokenFile)) {
                throw new IllegalArgumentException("--token-file " + tokenFile + ": no such file");
            }
            if (ca != null && !Files.isRegularFile(ca)) {
                throw new IllegalArgumentException("--facade-ca " + ca + ": no such file (the PEM CA certificate of the facade's certificate)");
            }
            tokenFile = tokenFile == null ? null : tokenFile.toAbsolutePath();
            ca = ca == null ? null : ca.toAbsolutePath();
        }
    }

    /** Knobs the job sets itself for every injector; a -D of the user's for one of them is refused. */
    static final Set<String> JOB_KNOBS = Set.of(Knobs.TARGET.name(), Knobs.RATE.name(), Knobs.INJECTOR_COUNT.name(),
        Knobs.INJECTOR_INDEX.name(), Knobs.START_AT.name(), Knobs.REPORTS.name(), Knobs.GATLING_RESULTS.name(),
        Knobs.FACADE_TOKEN_FILE.name(), Knobs.FACADE_CA.name(), GATLING_INSECURE);

    public SwarmPlan {
        if (injectors < 1 || injectors > InjectorShare.MAX_COUNT) {
            throw new IllegalArgumentException("--injectors must be between 1 and " + InjectorShare.MAX_COUNT + ", got " + injectors);
        }
        if (rate < injectors) {
            throw new IllegalArgumentException("--rate " + rate + " is the total of all injectors: " + injectors + " injectors need at least "
                + injectors + " req/s (1 each)");
        }
        if (target == null || target.getScheme() == null || !Set.of("http", "https").contains(target.getScheme())
            || target.getHost() == null) {
            throw new IllegalArgumentException("--target must be the facade's http(s)://host:port, got '" + target + "'");
        }
        if (!simulation.matches("[A-Za-z_][\\w.$]*")) {
            throw new IllegalArgumentException("--simulation must be a class name such as mailbench.gatling.SearchSimulation, got '"
                + simulation + "'");
        }
        for (String key : knobs.keySet()) {
            if (JOB_KNOBS.contains(key)) {
                throw new IllegalArgumentException("-D" + key + " is the job's own (one per injector, or from --target, --rate,"
                    + " --token-file, --facade-ca): give the option instead");
            }
            if (!key.matches("[\\w.-]+")) {
                throw new IllegalArgumentException("-D" + key + "=...: not a property name");
            }
        }
        access = access == null ? FacadeAccess.NONE : access;
        if (access.ca() != null && !"https".equals(target.getScheme())) {
            throw new IllegalArgumentException("--facade-ca is the CA of an https facade's certificate, but --target is " + target
                + ": give the facade's https:// URL, or leave --facade-ca out");
        }
        if (lead.compareTo(Duration.ofSeconds(5)) < 0 || lead.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("--lead-seconds must be between 5 and 3600, got " + lead.toSeconds());
        }
        if (grace.isNegative() || grace.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("--grace-seconds must be between 0 and 3600, got " + grace.toSeconds());
        }
        knobs = Map.copyOf(new LinkedHashMap<>(knobs));
        out = out.toAbsolutePath().normalize();
    }

    /** The output folder must be new or empty: a job never mixes its injectors' runs with older ones. */
    void refuseUsedOutput() throws IOException {
        if (Files.isDirectory(out)) {
            try (Stream<Path> entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new ToolError("--out " + out + " is not empty: give a new folder (a job never mixes its runs with older ones)");
                }
            }
        } else if (Files.exists(out)) {
            throw new ToolError("--out " + out + " is a file: give a new folder");
        }
    }

    /** When the last injector must have ended: the agreed start, the warm-up, the measured phase and the grace for the reports. */
    Instant finishBy(Instant startAt) {
        return startAt.plusSeconds(seconds(Knobs.WARMUP) + seconds(Knobs.DURATION)).plus(grace);
    }

    /** The gate of the merged run: the -D values given, else the knobs' defaults. */
    MergedGate gate() {
        return new MergedGate(number(Knobs.P99), number(Knobs.SUCCESS));
    }

    private long seconds(mailbench.knobs.Knob knob) {
        return (long) number(knob);
    }

    private double number(mailbench.knobs.Knob knob) {
        String value = knobs.getOrDefault(knob.name(), knob.defaultValue());
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + knob.name() + " must be a number, got '" + value + "'");
        }
    }

    /** The -D properties of every injector: the user's knobs, then the job's own. */
    List<String> properties(Instant startAt) {
        Map<String, String> all = new LinkedHashMap<>(knobs);
        all.put(Knobs.TARGET.name(), target.toString());
        all.put(Knobs.RATE.name(), Integer.toString(rate));
        all.put(Knobs.INJECTOR_COUNT.name(), Integer.toString(injectors));
        all.put(Knobs.START_AT.name(), Long.toString(startAt.toEpochMilli()));
        all.put(Knobs.REPORTS.name(), SwarmJob.REPORTS_IN_TASK);
        all.put(Knobs.GATLING_RESULTS.name(), SwarmService.GATLING_RESULTS_IN_TASK);
        if (access.tokenFile() != null) {
            all.put(Knobs.FACADE_TOKEN_FILE.name(), SwarmJob.TOKEN_IN_TASK);
        }
        if (access.ca() != null) {
            all.put(Knobs.FACADE_CA.name(), SwarmJob.CA_IN_TASK);
            all.put(GATLING_INSECURE, "false");
        }
        return all.entrySet().stream().map(e -> "-D" + e.getKey() + "=" + e.getValue()).toList();
    }
}
