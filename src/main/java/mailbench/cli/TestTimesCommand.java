package mailbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import mailbench.errors.ToolError;
import mailbench.testreport.SlowestTestsTable;
import mailbench.testreport.TestReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mailbench test-times}: the slowest test classes of the last build, for docs/tests.adoc. */
@Command(name = "test-times", mixinStandardHelpOptions = true,
    description = "List the slowest test classes from the JUnit reports of a build (after mvn verify), or write the list into"
        + " the marked region of a page.")
final class TestTimesCommand implements Callable<Integer> {

    @Option(names = "--reports", description = "A folder of TEST-*.xml reports; repeat it (default: target/surefire-reports"
        + " and target/failsafe-reports)", defaultValue = "target/surefire-reports,target/failsafe-reports", split = ",")
    List<Path> reports;

    @Option(names = "--top", description = "How many classes to list (default: ${DEFAULT-VALUE})", defaultValue = "20")
    int top;

    @Option(names = "--source", description = "Which build the reports are of, said above the list (default: ${DEFAULT-VALUE})",
        defaultValue = "the last build")
    String source;

    @Option(names = "--page", description = "Write the list into this page's marked region instead of printing it, e.g. docs/tests.adoc")
    Path page;

    @Override
    public Integer call() {
        String table = SlowestTestsTable.render(TestReports.read(reports), top, source);
        if (page == null) {
            System.out.print(table);
            return 0;
        }
        try {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            Files.writeString(page, SlowestTestsTable.replaceIn(text, table), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ToolError("cannot rewrite " + page + ": " + e.getMessage());
        }
        System.out.println("the slowest " + top + " test classes written into " + page);
        return 0;
    }
}
