package mailbench.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * No two packages of src/main/java depend on each other, directly or round a loop: a package can then be read, tested
 * and changed from the ones below it. Dependencies are read from the sources (imports and qualified names, comments
 * and strings left out).
 */
class PackageCyclesTest {

    private static final Path MAIN = Path.of("src", "main", "java");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    /** A reference to a class of the project: its package is every lower-case segment before the class's name. */
    private static final Pattern REFERENCE = Pattern.compile("\\bmailbench((?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z]");
    private static final Pattern COMMENTS_AND_STRINGS = Pattern.compile(
        "/\\*.*?\\*/|//[^\\n]*|'(?:\\\\.|[^'\\\\])'|\"(?:\\\\.|[^\"\\\\])*\"", Pattern.DOTALL);
    static Map<String, Set<String>> dependencies(Path root) throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = COMMENTS_AND_STRINGS.matcher(Files.readString(file)).replaceAll("\"\"");
                Matcher declared = PACKAGE.matcher(source);
                if (!declared.find()) {
                    continue;
                }
                String from = declared.group(1);
                Set<String> to = graph.computeIfAbsent(from, p -> new TreeSet<>());
                Matcher reference = REFERENCE.matcher(source);
                while (reference.find()) {
                    String used = "mailbench" + reference.group(1);
                    if (!used.equals(from) && !used.equals("mailbench")) {
                        to.add(used);
                    }
                }
            }
        }
        return graph;
    }

    /** The strongly connected components with more than one package (Tarjan), each sorted. */
    static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<Set<String>> cycles = new ArrayList<>();
        for (String start : graph.keySet()) {
            if (!index.containsKey(start)) {
                connect(start, graph, index, low, stack, onStack, cycles);
            }
        }
        return cycles;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index, Map<String, Integer> low,
                                Deque<String> stack, Set<String> onStack, List<Set<String>> cycles) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, cycles);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                cycles.add(component);
            }
        }
    }

    @Test
    void mainPackagesShouldNotDependOnEachOtherInALoop() throws IOException {
        Map<String, Set<String>> graph = dependencies(MAIN);

        assertThat(graph).as("the sources were found").containsKeys("mailbench.run", "mailbench.facade");
        assertThat(cycles(graph)).as("package cycles (each set depends on itself through the others)")
            .isEmpty();
    }

    @Test
    void aLoopShouldBeFoundHoweverLong() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a", "d"), "d", Set.of());

        assertThat(cycles(graph)).containsExactly(Set.of("a", "b", "c"));
        assertThat(cycles(Map.of("a", Set.of("b"), "b", Set.of()))).isEmpty();
    }

    @Test
    void referencesInCommentsAndStringsShouldNotCount(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path a = Files.createDirectories(dir.resolve("mailbench/a"));
        Files.writeString(a.resolve("A.java"), "package mailbench.a;\n\nimport mailbench.b.B;\n/** see {@link mailbench.c.C} */\n"
            + "class A { char q = '\"'; String main = \"mailbench.d.D\"; Object e = mailbench.e.E.VALUE; } // mailbench.f.F\n");

        assertThat(dependencies(dir)).containsEntry("mailbench.a", Set.of("mailbench.b", "mailbench.e"));
    }
}
