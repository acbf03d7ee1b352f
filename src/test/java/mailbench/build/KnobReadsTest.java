package mailbench.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import mailbench.knobs.Knob;
import mailbench.knobs.Knobs;

/**
 * Each {@code -Dmailbench.*} property of a run is read in one class only, so its bounds and its default live in one
 * place: the sources of the product and the simulations are scanned for the knobs' readings (a reader of {@link Knob},
 * {@code Knobs.RATE.intValue(...)}, or one of the helpers of {@code settings.KnobReaders} that call it,
 * {@code file(Knobs.FACADE_CA)}) and for system properties read around the registry. A tool that parses the -D values
 * it hands to other runs (swarm-run's plan, the night's sides) reads no property of its own JVM.
 */
class KnobReadsTest {

    private static final List<Path> SOURCES = List.of(Path.of("src", "main", "java"), Path.of("src", "gatling", "scala"));
    private static final Path REGISTRY = Path.of("src", "main", "java", "mailbench", "knobs");
    /** The embedded node's own JVM reads the settings its launcher passes it; they are no knobs of a run. */
    private static final Set<String> OWN_PROPERTIES = Set.of("Knob.java", "EmbeddedNodeMain.java");
    private static final Pattern PROPERTY_READ = Pattern.compile(
        "(?:System\\.getProperty|Integer\\.getInteger|Long\\.getLong|Boolean\\.getBoolean)\\(\\s*([A-Za-z_.\"][^,)]*)|sys\\.props|System\\.getProperties\\(");

    @Test
    void eachKnobShouldBeReadByOneClass() throws Exception {
        Map<String, Set<String>> readers = new TreeMap<>();
        Set<String> knobs = new TreeSet<>(knobConstants());
        // one scan of each file for every knob's reading: a scan per knob (60 knobs, 400 files) took 15 s of the unit tests
        Pattern read = reading("([A-Z][A-Z0-9_]*)");
        for (Path file : sources()) {
            if (file.startsWith(REGISTRY)) {
                continue;
            }
            Matcher found = read.matcher(Files.readString(file));
            while (found.find()) {
                String knob = found.group(1) != null ? found.group(1) : found.group(2);
                if (knobs.contains(knob)) {
                    readers.computeIfAbsent(knob, k -> new TreeSet<>()).add(file.getFileName().toString());
                }
            }
        }
        assertThat(readers).as("knobs read by more than one class (give the reading to one, and pass the value on)")
            .allSatisfy((knob, classes) -> assertThat(classes).as(knob).hasSize(1));
        assertThat(readers).as("a knob no class reads is a dead knob").hasSameSizeAs(knobConstants());
    }

    @Test
    void noClassShouldReadAMailbenchPropertyAroundTheRegistry() throws IOException {
        List<String> strays = new ArrayList<>();
        for (Path file : sources()) {
            String text = Files.readString(file);
            Matcher read = PROPERTY_READ.matcher(text);
            while (read.find()) {
                String argument = read.group(1);
                boolean mailbench = argument == null || argument.contains("mailbench.") || constantHolds(text, argument.strip(), "mailbench.");
                if (mailbench && !OWN_PROPERTIES.contains(file.getFileName().toString())) {
                    strays.add(file + ": " + read.group());
                }
            }
        }
        assertThat(strays).as("system properties read outside Knob (declare a knob in Knobs, read it in the settings record of its concern)").isEmpty();
    }

    @Test
    void theSimulationsShouldReadTheirKnobsOnce() throws IOException {
        List<String> readings = new ArrayList<>();
        for (Path file : sources()) {
            Matcher read = Pattern.compile("\\bBenchConfig\\.fromSystemProperties\\(").matcher(Files.readString(file));
            while (file.toString().endsWith(".scala") && read.find()) {
                readings.add(file.getFileName().toString());
            }
        }
        assertThat(readings).as("the simulations' readings of BenchConfig (one, in MailbenchSimulation; a subclass that needs the "
            + "knobs before its run opens reads them through it and hands them on)").containsExactly("MailbenchSimulation.scala");
    }

    /**
     * A reading of the knob's system property: one of Knob's readers, or a helper that calls one. {@code knob} is a constant's
     * name, or a group that matches any (the name is then its first or its second group).
     */
    private static Pattern reading(String knob) {
        return Pattern.compile("\\bKnobs\\." + knob + "\\s*\\.\\s*(?:value|intValue|intListValue|longValue|doubleValue|booleanValue)\\b"
            + "|\\b(?:file|url|caFile|knob)\\(\\s*(?:defaults\\s*,\\s*)?Knobs\\." + knob + "\\b");
    }

    @Test
    void theScanShouldSeeAReadingAndLeaveANameAlone() {
        Pattern read = reading("RATE");
        assertThat(read.matcher("int r = Knobs.RATE.intValue(1, 100);").find()).isTrue();
        assertThat(read.matcher("Path p = file(Knobs.RATE);").find()).isTrue();
        assertThat(read.matcher("\"-D\" + Knobs.RATE.name()").find()).isFalse();
        assertThat(read.matcher("Knobs.RATE_LIMIT.value()").find()).isFalse();
        assertThat(read.matcher("knob(defaults, Knobs.RATE).intValue(0, 3_600)").find()).isTrue();
        assertThat(read.matcher("seconds(Knobs.RATE)").find()).as("a -D map's value, not this JVM's property").isFalse();
        assertThat(PROPERTY_READ.matcher("System.getProperty(\"mailbench.rate\")").find()).isTrue();
    }

    /** Whether {@code name} is a constant of {@code text} whose string starts with {@code prefix}. */
    private static boolean constantHolds(String text, String name, String prefix) {
        if (!name.matches("[A-Z_][A-Z0-9_]*")) {
            return false;
        }
        Matcher constant = Pattern.compile("\\b" + name + "\\s*=\\s*\"([^\"]*)\"").matcher(text);
        return constant.find() && constant.group(1).startsWith(prefix);
    }

    private static List<String> knobConstants() throws IllegalAccessException {
        List<String> names = new ArrayList<>();
        for (Field field : Knobs.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == Knob.class && field.get(null) != null) {
                names.add(field.getName());
            }
        }
        return names;
    }

    private static List<Path> sources() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path root : SOURCES) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(f -> f.toString().endsWith(".java") || f.toString().endsWith(".scala")).forEach(files::add);
            }
        }
        return files;
    }
}
