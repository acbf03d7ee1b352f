package mailbench.docs;

import static mailbench.knobs.Knobs.KNOBS;
import static mailbench.knobs.Knobs.RATE;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import mailbench.cli.MailbenchMain;
import mailbench.knobs.Knob;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * docs/reference.adoc against the code, both ways: every knob of {@link mailbench.knobs.Knobs#KNOBS} with its default,
 * every option of every {@code mailbench.jar} command with its default, and nothing listed that the code does not have,
 * so the hand-written reference cannot drift from what the code reads.
 */
class ReferenceDocTest {

    private static final Pattern KNOB_ROW = Pattern.compile("^\\| `(mailbench\\.[\\w.]+)` \\| ([^|]*) \\|", Pattern.MULTILINE);
    private static final Pattern POM_SIMULATION = Pattern.compile("<mailbench\\.simulation>([^<]+)</mailbench\\.simulation>");
    /** Knobs that are pom.xml properties (read by Maven and the Gatling plugin), not knobs of mailbench.knobs.Knobs. */
    static final String POM_KNOB = "mailbench.simulation";

    private static final Path ROOT = Path.of("").toAbsolutePath();

    static String reference;

    @BeforeAll
    static void read() throws IOException {
        reference = Files.readString(ROOT.resolve("docs/reference.adoc"));
    }

    /** The text of the section that starts at {@code [[id]]}, up to the next anchored section. */
    static String section(String text, String id) {
        int start = text.indexOf("[[" + id + "]]");
        assertThat(start).as("docs/reference.adoc has a section [[" + id + "]]").isNotNegative();
        int end = text.indexOf("\n[[", start + 1);
        return end < 0 ? text.substring(start) : text.substring(start, end);
    }

    /** Knob name -> default as the table shows it (`x`, or _(empty)_ for ""). */
    static Map<String, String> knobTable(String text) {
        Map<String, String> rows = new LinkedHashMap<>();
        Matcher m = KNOB_ROW.matcher(section(text, "knobs"));
        while (m.find()) {
            String cell = m.group(2).strip();
            rows.put(m.group(1), cell.equals("_(empty)_") ? "" : cell.replaceAll("^`|`$", ""));
        }
        return rows;
    }

    @Nested
    class Knobs {

        @Test
        void everyKnobShouldBeListedWithItsDefault() {
            Map<String, String> documented = knobTable(reference);
            for (Knob knob : KNOBS) {
                assertThat(documented).as("docs/reference.adoc lists -D" + knob.name()).containsKey(knob.name());
                assertThat(documented.get(knob.name())).as("default of -D" + knob.name() + " in docs/reference.adoc")
                    .isEqualTo(knob.defaultValue());
            }
        }

        @Test
        void everyListedKnobShouldExistInTheCode() throws IOException {
            List<String> names = new ArrayList<>(KNOBS.stream().map(Knob::name).toList());
            names.add(POM_KNOB);
            assertThat(knobTable(reference).keySet()).as("knobs in docs/reference.adoc that the code does not read")
                .isSubsetOf(names);
        }

        @Test
        void theSimulationKnobShouldShowThePomsDefault() throws IOException {
            Matcher pom = POM_SIMULATION.matcher(Files.readString(ROOT.resolve("pom.xml")));
            assertThat(pom.find()).as("pom.xml sets <mailbench.simulation>").isTrue();
            assertThat(knobTable(reference)).containsEntry(POM_KNOB, pom.group(1).strip());
        }

        @Test
        void aChangedDefaultShouldBeCaught() {
            String drifted = reference.replace("| `mailbench.rate` | `1000` |", "| `mailbench.rate` | `500` |");
            assertThat(drifted).isNotEqualTo(reference);
            assertThat(knobTable(drifted).get("mailbench.rate")).isNotEqualTo(RATE.defaultValue());
        }
    }

    @Nested
    class Commands {

        @Test
        void everyOptionOfEveryCommandShouldBeListedWithItsDefault() {
            List<String> missing = new ArrayList<>();
            CommandLine main = new CommandLine(MailbenchMain.class);
            main.getSubcommands().forEach((name, command) -> {
                if (!name.equals("help")) {
                    check(name, command, section(reference, "cli-" + name), missing);
                }
            });
            assertThat(missing).as("options missing from docs/reference.adoc, or shown with another default").isEmpty();
        }

        private void check(String name, CommandLine command, String section, List<String> missing) {
            CommandSpec spec = command.getCommandSpec();
            for (OptionSpec option : spec.options()) {
                if (option.usageHelp() || option.versionHelp()) {
                    continue;
                }
                String row = row(section, option.longestName());
                if (row == null) {
                    missing.add(spec.qualifiedName() + " " + option.longestName());
                } else if (option.defaultValue() != null && !row.contains("`" + option.defaultValue() + "`")) {
                    missing.add(spec.qualifiedName() + " " + option.longestName() + " default `" + option.defaultValue() + "`");
                }
            }
            for (PositionalParamSpec parameter : spec.positionalParameters()) {
                if (!section.contains(parameter.paramLabel())) {
                    missing.add(spec.qualifiedName() + " " + parameter.paramLabel());
                }
            }
            command.getSubcommands().forEach((sub, subcommand) -> check(name + " " + sub, subcommand, section, missing));
        }

        /** The table row of the section that names the option (alone, or among others in its first cell). */
        @Test
        void everyListedOptionShouldExistInItsCommand() {
            assertThat(unknownOptions(reference)).as("options in docs/reference.adoc that the command does not have").isEmpty();
        }

        @Test
        void aListedOptionTheCodeLacksShouldBeCaught() {
            String drifted = reference.replace("| `--max-pairs` |", "| `--max-pears` |");
            assertThat(drifted).isNotEqualTo(reference);
            // both commands that have --max-pairs list it in a row of its own
            assertThat(unknownOptions(drifted)).containsExactlyInAnyOrder("mailbench nightly --max-pears", "mailbench bisect --max-pears");
        }

        private List<String> unknownOptions(String text) {
            List<String> unknown = new ArrayList<>();
            Pattern longOption = Pattern.compile("(?<![\\w-])--[a-z][\\w-]*");
            new CommandLine(MailbenchMain.class).getSubcommands().forEach((name, command) -> {
                if (name.equals("help")) {
                    return;
                }
                // a command's section also lists its subcommands' options (profiler serve, profiler capture)
                List<CommandSpec> specs = new ArrayList<>(List.of(command.getCommandSpec()));
                command.getSubcommands().values().forEach(sub -> specs.add(sub.getCommandSpec()));
                section(text, "cli-" + name).lines().filter(line -> line.startsWith("| ") && !line.startsWith("| Option")).forEach(line -> {
                    Matcher option = longOption.matcher(line.substring(2, Math.max(2, line.indexOf(" | ", 2))));
                    while (option.find()) {
                        String found = option.group();
                        if (specs.stream().noneMatch(spec -> spec.findOption(found) != null)) {
                            unknown.add(command.getCommandSpec().qualifiedName() + " " + found);
                        }
                    }
                });
            });
            return unknown;
        }

        private String row(String section, String option) {
            Pattern named = Pattern.compile("(?<![\\w-])" + Pattern.quote(option) + (option.startsWith("--") ? "(?![\\w-])" : ""));
            return section.lines().filter(line -> line.startsWith("| ")).filter(line -> {
                String firstCell = line.substring(2, Math.max(2, line.indexOf(" | ", 2)));
                return named.matcher(firstCell).find();
            }).findFirst().orElse(null);
        }

        @Test
        void aMissingOptionShouldBeCaught() {
            String without = reference.replace("| `--max-bulk-items` |", "| `--max-bulky-items` |");
            assertThat(without).isNotEqualTo(reference);
            assertThat(row(section(without, "cli-facade"), "--max-bulk-items")).isNull();
            assertThat(row(section(reference, "cli-facade"), "--max-bulk-items")).contains("`10000`");
        }
    }
}
