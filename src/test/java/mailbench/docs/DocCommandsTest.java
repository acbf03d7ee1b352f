package mailbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import mailbench.cli.MailbenchMain;
import mailbench.knobs.Knob;
import mailbench.knobs.Knobs;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every {@code mailbench.jar} command in a listing of the guide (README.adoc, docs/*.adoc, docs/ci/nightly.yml) uses options
 * its command has, and every {@code -Dmailbench.*} knob in a listing is one the code reads: an operator copies these lines
 * as they are, so an option renamed or removed must take its examples with it.
 */
class DocCommandsTest {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Pattern JAR = Pattern.compile("-jar\\s+\\S*mailbench\\.jar\\s+");
    private static final Pattern KNOB = Pattern.compile("-D(mailbench\\.[\\w.]*\\w)");
    private static final Pattern SIDE_PROPERTY = Pattern.compile("^(mailbench\\.[\\w.]*\\w)=");
    private static final Pattern EXPANSION = Pattern.compile("^\"?\\$\\{\\w+:\\+(.*)}\"?$");
    /** The command tree, built once: built for each line of the guide's listings it took most of the test's 14 s. */
    private static final CommandLine MAIN = new CommandLine(MailbenchMain.class);
    private static final Set<String> KNOWN_KNOBS = knownKnobs();

    /** README.adoc, the guide's pages (not the dated results) and the CI example the nightly page walks through. */
    static List<Path> guide() throws IOException {
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.adoc"), ROOT.resolve("docs/ci/nightly.yml")));
        try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
            pages.filter(p -> p.toString().endsWith(".adoc")).sorted().forEach(files::add);
        }
        return files;
    }

    @Test
    void everyDocumentedCommandShouldUseOptionsAndKnobsTheCodeHas() throws IOException {
        List<String> problems = new ArrayList<>();
        int commands = 0;
        for (Path file : guide()) {
            String name = ROOT.relativize(file).toString();
            List<String> lines = name.endsWith(".yml") ? logicalLines(Files.readString(file)) : listingLines(Files.readString(file));
            for (String line : lines) {
                commands += check(line, problems, name);
            }
        }
        assertThat(problems).as("options and knobs in the guide's listings that the code does not have").isEmpty();
        assertThat(commands).as("mailbench.jar commands found in the guide's listings").isGreaterThan(30);
    }

    @Test
    void aVanishedOptionOrKnobShouldBeCaughtAlsoOnAContinuationLine() {
        String page = "[source,bash]\n----\njava -jar target/mailbench.jar nightly --baseline-commit HEAD \\\n  --max-pears 3"
            + " -Dmailbench.rat=500\nmvn gatling:test -Dmailbench.warmpu=20\njava -jar target/mailbench.jar profiler serve --pid 1"
            + " --tokn-file t\njava -jar target/mailbench.jar nightly --baseline-commit X --current mailbench.facade.injectCpu=20\n"
            + "java -jar target/mailbench.jar nigthly\n----\n--not-a-listing\n";
        List<String> problems = new ArrayList<>();
        listingLines(page).forEach(line -> check(line, problems, "page"));
        assertThat(problems).containsExactly(
            "page: -Dmailbench.rat is no knob", "page: nightly has no option --max-pears",
            "page: -Dmailbench.warmpu is no knob", "page: profiler serve has no option --tokn-file",
            "page: mailbench.facade.injectCpu is no knob", "page: no command nigthly");
    }

    @Test
    void wordsAfterTheCommandShouldNotBeReadAsItsOptions() {
        List<String> problems = new ArrayList<>();
        String lines = "java -jar target/mailbench.jar trend --out x.html || echo --nope   # --nor-this\n"
            + "java -Xmx512m -jar mailbench/mailbench.jar profiler serve --pid $(pgrep -f 'mailbench.jar --nope') --token-file t\n"
            + "java -jar target/mailbench.jar nightly --baseline-commit \"$(cat \"$S/baseline-commit\")\" ${URL:+--results-url \"$URL\"}\n";
        int commands = 0;
        for (String line : logicalLines(lines)) {
            commands += check(line, problems, "page");
        }
        assertThat(problems).isEmpty();
        assertThat(commands).isEqualTo(3);
        check("java -jar target/mailbench.jar nightly ${URL:+--results-uri \"$URL\"}", problems, "page");
        assertThat(problems).containsExactly("page: nightly has no option --results-uri");
    }

    /** The logical lines of the text's {@code ----} listing blocks. */
    static List<String> listingLines(String text) {
        StringBuilder listings = new StringBuilder();
        boolean inside = false;
        for (String line : text.split("\n", -1)) {
            if (line.strip().equals("----")) {
                inside = !inside;
            } else if (inside) {
                listings.append(line).append('\n');
            }
        }
        return logicalLines(listings.toString());
    }

    /** Lines, each ending in a backslash joined with the next: a command continued belongs to its first line. */
    static List<String> logicalLines(String text) {
        return List.of(text.replaceAll("\\\\\\s*\n", " ").split("\n"));
    }

    /** Checks one line's knobs and mailbench.jar commands; returns how many commands it holds. */
    private static int check(String line, List<String> problems, String where) {
        Matcher knob = KNOB.matcher(line);
        while (knob.find()) {
            checkKnob(knob.group(1), "-D", problems, where);
        }
        int commands = 0;
        Matcher jar = JAR.matcher(line);
        while (jar.find()) {
            commands++;
            checkCommand(words(line.substring(jar.end())), MAIN, problems, where);
        }
        return commands;
    }

    private static void checkCommand(List<String> words, CommandLine main, List<String> problems, String where) {
        CommandLine command = main;
        for (String word : words) {
            if (command.getSubcommands().containsKey(word)) {
                command = command.getSubcommands().get(word);
            } else if (command == main && !word.startsWith("-")) {
                problems.add(where + ": no command " + word);
                return;
            } else {
                checkWord(word, command.getCommandSpec(), problems, where);
            }
        }
    }

    private static void checkWord(String word, CommandSpec spec, List<String> problems, String where) {
        Matcher expansion = EXPANSION.matcher(word);
        Matcher property = SIDE_PROPERTY.matcher(word);
        if (expansion.matches()) {
            words(expansion.group(1)).forEach(inner -> checkWord(inner, spec, problems, where));
        } else if (property.find()) {
            checkKnob(property.group(1), "", problems, where);
        } else if (word.matches("-[A-Za-z-].*")) {
            String name = word.startsWith("-D") ? "-D" : word.split("=", 2)[0];
            if (spec.findOption(name) == null) {
                problems.add(where + ": " + spec.qualifiedName().replaceFirst("^mailbench ", "") + " has no option " + name);
            }
        }
    }

    private static Set<String> knownKnobs() {
        Set<String> known = new TreeSet<>(Knobs.KNOBS.stream().map(Knob::name).toList());
        known.add(ReferenceDocTest.POM_KNOB);
        return known;
    }

    private static void checkKnob(String name, String prefix, List<String> problems, String where) {
        if (!KNOWN_KNOBS.contains(name)) {
            problems.add(where + ": " + prefix + name + " is no knob");
        }
    }

    /**
     * The shell words of a command, up to the first operator ({@code |}, {@code &&}, {@code ;}, {@code >}) or comment:
     * quotes, {@code $(...)} and {@code ${...}} stay inside their word.
     */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean nests = c == '$' && i + 1 < text.length() && (text.charAt(i + 1) == '(' || text.charAt(i + 1) == '{');
            if (nests) {
                depth++;
                word.append(c).append(text.charAt(++i));
                continue;
            }
            if (depth > 0 && (c == ')' || c == '}')) {
                depth--;
            } else if (depth == 0 && quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (depth == 0 && c == quote) {
                quote = 0;
            } else if (depth == 0 && quote == 0 && Character.isWhitespace(c)) {
                if (ends(word, words)) {
                    return words;
                }
                continue;
            }
            word.append(c);
        }
        ends(word, words);
        return words;
    }

    /** Adds the word just read, unless it ends the command (an operator, an output redirection, a comment); says which. */
    private static boolean ends(StringBuilder word, List<String> words) {
        String done = word.toString();
        word.setLength(0);
        if (done.isEmpty()) {
            return false;
        }
        if (done.matches("[|&;#].*|\\d?>.*")) {
            return true;
        }
        words.add(done);
        return false;
    }
}
