package mailbench.testreport;

import java.util.List;
import java.util.Locale;

import mailbench.errors.ToolError;
import mailbench.testreport.TestClassTime.Kind;

/**
 * The slowest test classes of a build as an AsciiDoc table, with each kind's totals, and the page region it replaces:
 * docs/tests.adoc keeps the list between two marker comments, so the list is made from reports, never typed.
 */
public final class SlowestTestsTable {

    public static final String START = "// slowest tests: made by `mailbench test-times`, do not edit by hand";
    public static final String END = "// end of slowest tests";

    private SlowestTestsTable() {
    }

    /** The {@code top} slowest classes of {@code times} (slowest first), and the totals of each kind; {@code source} says which build. */
    public static String render(List<TestClassTime> times, int top, String source) {
        if (top < 1) {
            throw new ToolError("--top must be 1 or more, got " + top);
        }
        StringBuilder table = new StringBuilder();
        table.append(START).append('\n');
        table.append(String.format(Locale.ROOT, "The %d slowest of %d test classes (%s):%n%n", Math.min(top, times.size()), times.size(), source));
        table.append("[cols=\">1,<8,<2,>1,>2\",options=\"header\"]\n|===\n| # | Class | Kind | Tests | Seconds\n");
        for (int i = 0; i < Math.min(top, times.size()); i++) {
            TestClassTime time = times.get(i);
            table.append(String.format(Locale.ROOT, "| %d | `%s` | %s | %d | %.1f%n", i + 1, time.className(), time.kind().label(),
                time.tests(), time.seconds()));
        }
        table.append("|===\n\n");
        for (Kind kind : Kind.values()) {
            List<TestClassTime> ofKind = times.stream().filter(t -> t.kind() == kind).toList();
            table.append(String.format(Locale.ROOT, "* %s: %d tests in %d classes, %.0f s summed over classes%n", kind.label(),
                ofKind.stream().mapToInt(TestClassTime::tests).sum(), ofKind.size(), ofKind.stream().mapToDouble(TestClassTime::seconds).sum()));
        }
        table.append("\nClasses that run in parallel JVMs add up to more than the build's wall-clock time.\n");
        table.append(END).append('\n');
        return table.toString();
    }

    /** {@code page} with the text between its markers (markers included) replaced by {@code table}. */
    public static String replaceIn(String page, String table) {
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        if (start < 0 || end < start) {
            throw new ToolError("the page has no region to replace: put a line '" + START + "' and, below it, a line '" + END + "'");
        }
        int after = page.indexOf('\n', end);
        return page.substring(0, start) + table + (after < 0 ? "" : page.substring(after + 1));
    }
}
