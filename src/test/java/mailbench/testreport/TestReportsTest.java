package mailbench.testreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.errors.ToolError;
import mailbench.testreport.TestClassTime.Kind;

class TestReportsTest {

    @TempDir
    Path dir;

    /** A report as surefire writes it, with {@code tests} testcase elements (its tests attribute 0, as for @Nested classes). */
    private Path report(String folder, String name, String tests, String time) throws IOException {
        Path reports = Files.createDirectories(dir.resolve(folder));
        String cases = ("<testcase name=\"x\" classname=\"" + name + "\" time=\"1\"/>").repeat(Integer.parseInt(tests));
        return Files.writeString(reports.resolve("TEST-" + name + ".xml"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuite name=\"" + name + "\" time=\"" + time + "\" tests=\"0\" errors=\"0\" skipped=\"0\" failures=\"0\">"
            + cases + "</testsuite>");
    }

    @Test
    void classesOfBothFoldersShouldComeSlowestFirstWithTheirKind() throws IOException {
        report("surefire-reports", "a.FastTest", "3", "0.25");
        report("surefire-reports", "a.SlowTest", "9", "6.5");
        report("failsafe-reports", "a.NodeIT", "2", "1,327.186");
        report("failsafe-reports", "a.ShortIT", "1", "4");
        Files.writeString(dir.resolve("surefire-reports").resolve("a.FastTest.txt"), "not a report");

        List<TestClassTime> times = TestReports.read(List.of(dir.resolve("surefire-reports"), dir.resolve("failsafe-reports")));

        assertThat(times).extracting(TestClassTime::className).containsExactly("a.NodeIT", "a.SlowTest", "a.ShortIT", "a.FastTest");
        assertThat(times.get(0)).isEqualTo(new TestClassTime("a.NodeIT", Kind.INTEGRATION, 2, 1327.186));
        assertThat(times.get(1).kind()).isEqualTo(Kind.UNIT);
    }

    @Test
    void aMissingFolderShouldNameTheBuildThatWritesIt() {
        assertThatThrownBy(() -> TestReports.read(List.of(dir.resolve("surefire-reports"))))
            .isInstanceOf(ToolError.class).hasMessageContaining("run mvn verify first");
    }

    @Test
    void aFolderWithoutReportsShouldBeAToolErrorRatherThanAnEmptyList() throws IOException {
        Path target = Files.createDirectories(dir.resolve("target"));
        assertThatThrownBy(() -> TestReports.read(List.of(target)))
            .isInstanceOf(ToolError.class).hasMessageContaining("no TEST-*.xml reports in").hasMessageContaining("target/surefire-reports");
    }

    @Test
    void aBrokenOrHostileReportShouldBeAToolErrorNamingTheFile() throws IOException {
        Path broken = report("surefire-reports", "a.BrokenTest", "1", "2");
        Files.writeString(broken, "<testsuite name=\"a\" time=\"1\"");
        assertThatThrownBy(() -> TestReports.read(List.of(dir.resolve("surefire-reports"))))
            .isInstanceOf(ToolError.class).hasMessageContaining(broken.toString());

        Files.writeString(broken, "<?xml version=\"1.0\"?><!DOCTYPE lol [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>"
            + "<testsuite name=\"&b;\" time=\"1\" tests=\"1\"/>");
        assertThatThrownBy(() -> TestReports.read(List.of(dir.resolve("surefire-reports"))))
            .as("a doctype is refused, not expanded").isInstanceOf(ToolError.class).hasMessageContaining("DOCTYPE");
    }

    @Test
    void aTimeThatIsNotANumberOfSecondsShouldSaySo() throws IOException {
        report("surefire-reports", "a.OddTest", "1", "-1");
        assertThatThrownBy(() -> TestReports.read(List.of(dir.resolve("surefire-reports"))))
            .isInstanceOf(ToolError.class).hasMessageContaining("<testsuite time> is not a number of seconds: '-1'");

        report("surefire-reports", "a.OddTest", "1", "soon");
        assertThatThrownBy(() -> TestReports.read(List.of(dir.resolve("surefire-reports"))))
            .isInstanceOf(ToolError.class).hasMessageContaining("'soon'");
    }

    @Test
    void aReportOfAnotherShapeShouldBeRefused() throws IOException {
        Path other = report("surefire-reports", "a.OtherTest", "1", "1");
        Files.writeString(other, "<testsuites><testsuite name=\"a\" time=\"1\" tests=\"1\"/></testsuites>");
        assertThatThrownBy(() -> TestReports.read(List.of(dir.resolve("surefire-reports"))))
            .isInstanceOf(ToolError.class).hasMessageContaining("not <testsuite>");
    }
}
