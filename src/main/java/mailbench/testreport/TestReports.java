package mailbench.testreport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.xml.sax.SAXException;

import mailbench.errors.ToolError;
import mailbench.testreport.TestClassTime.Kind;

/**
 * The JUnit XML reports a Maven build leaves ({@code TEST-*.xml} in target/surefire-reports and target/failsafe-reports),
 * read into one time per test class, slowest first. The JDK's parser with doctypes refused: a report is data, never a
 * reason to fetch or expand anything.
 */
public final class TestReports {

    private TestReports() {
    }

    /** Every class of every report folder, slowest first; a folder failsafe wrote holds integration tests. */
    public static List<TestClassTime> read(List<Path> folders) {
        List<TestClassTime> times = new ArrayList<>();
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                throw new ToolError(folder + " is not a folder of test reports: run mvn verify first (it writes"
                    + " target/surefire-reports and target/failsafe-reports)");
            }
            Kind kind = folder.toAbsolutePath().normalize().toString().contains("failsafe") ? Kind.INTEGRATION : Kind.UNIT;
            for (Path report : reports(folder)) {
                times.add(read(report, kind));
            }
        }
        if (times.isEmpty()) {
            // an empty list written into a page would erase the last one without a word
            throw new ToolError("no TEST-*.xml reports in " + folders + ": give the folders a build wrote them to (target/surefire-reports"
                + " and target/failsafe-reports after mvn verify)");
        }
        times.sort(Comparator.comparingDouble(TestClassTime::seconds).reversed().thenComparing(TestClassTime::className));
        return List.copyOf(times);
    }

    private static List<Path> reports(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().matches("TEST-.+\\.xml")).sorted().toList();
        } catch (IOException e) {
            throw new ToolError("cannot list " + folder + ": " + e.getMessage());
        }
    }

    static TestClassTime read(Path report, Kind kind) {
        try {
            Element suite = parser().parse(report.toFile()).getDocumentElement();
            if (!suite.getTagName().equals("testsuite")) {
                throw new ToolError(report + " is not a JUnit report (its root is <" + suite.getTagName() + ">, not <testsuite>)");
            }
            // its testcase elements, not its tests attribute: surefire writes 0 there for a class of @Nested classes
            return new TestClassTime(suite.getAttribute("name"), kind, suite.getElementsByTagName("testcase").getLength(),
                seconds(report, suite));
        } catch (SAXException | IOException e) {
            throw new ToolError("cannot read " + report + " as a JUnit report: " + e.getMessage());
        }
    }

    /** Surefire writes "1,234.5" above a thousand seconds in some locales; the comma is a thousands separator there. */
    private static double seconds(Path report, Element suite) {
        String time = suite.getAttribute("time").strip().replace(",", "");
        try {
            double seconds = Double.parseDouble(time);
            if (!Double.isFinite(seconds) || seconds < 0) {
                throw new NumberFormatException("not a duration");
            }
            return seconds;
        } catch (NumberFormatException e) {
            throw new ToolError(report + ": <testsuite time> is not a number of seconds: '" + suite.getAttribute("time") + "'");
        }
    }

    private static DocumentBuilder parser() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            return factory.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser refuses secure processing", e);
        }
    }
}
