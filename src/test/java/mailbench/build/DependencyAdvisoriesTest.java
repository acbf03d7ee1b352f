package mailbench.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;

import org.apache.maven.artifact.versioning.ComparableVersion;
import org.apache.maven.artifact.versioning.DefaultArtifactVersion;
import org.apache.maven.artifact.versioning.VersionRange;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The build's offline CVE check (maven-enforcer-plugin, execution enforce-dependencies): its banned ranges hold the
 * versions the cited advisories name and spare the fixed ones (read with Maven's own version ranges, as the enforcer
 * reads them), nothing the tests run with is in one of them, and no library Gatling asks for is resolved below its version.
 */
class DependencyAdvisoriesTest {

    private static final String EXECUTION = "//*[local-name()='plugin'][*[local-name()='artifactId']='maven-enforcer-plugin']"
        + "//*[local-name()='execution'][*[local-name()='id']='enforce-dependencies']";

    private static Document pom;

    @BeforeAll
    static void read() throws Exception {
        pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
    }

    private static List<String> nodes(String xpath) throws Exception {
        NodeList found = (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, pom, XPathConstants.NODESET);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < found.getLength(); i++) {
            texts.add(found.item(i).getTextContent().strip());
        }
        return texts;
    }

    private static List<String> banned() throws Exception {
        return nodes(EXECUTION + "//*[local-name()='bannedDependencies']//*[local-name()='exclude']");
    }

    /** The enforcer's own reading of "groupId:artifactId:range". */
    private static boolean isBanned(String groupId, String artifactId, String version) throws Exception {
        for (String pattern : banned()) {
            String[] parts = pattern.split(":");
            if (parts[0].equals(groupId) && parts[1].equals(artifactId)
                && VersionRange.createFromVersionSpec(parts[2]).containsVersion(new DefaultArtifactVersion(version))) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest(name = "{0}:{1}:{2} banned: {3}")
    @CsvSource({
        // CVE-2025-11226, CVE-2026-1225, GHSA-jhq6-gfmj-v8fx: 1.5.18 was pinned here once, 1.5.32 is what Gatling 3.15.1 brings
        "ch.qos.logback, logback-classic, 1.5.18, true",
        "ch.qos.logback, logback-classic, 1.5.32, true",
        "ch.qos.logback, logback-core, 1.5.32, true",
        // CVE-2026-13006: fixed in 1.5.35 and 1.5.36, so 1.5.34 (pinned here once) is refused too
        "ch.qos.logback, logback-classic, 1.5.34, true",
        "ch.qos.logback, logback-core, 1.5.35, true",
        "ch.qos.logback, logback-classic, 1.5.36, false",
        "ch.qos.logback, logback-core, 1.5.38, false",
        // CVE-2026-54512 to -54518: 2.21.3 is what Gatling 3.15.1 brings
        "com.fasterxml.jackson.core, jackson-databind, 2.21.3, true",
        "com.fasterxml.jackson.core, jackson-databind, 2.21.4, true",
        "com.fasterxml.jackson.core, jackson-databind, 2.18.2, true",
        "com.fasterxml.jackson.core, jackson-databind, 2.21.5, false",
        "com.fasterxml.jackson.core, jackson-databind, 2.21.8, false",
        // CVE-2025-55163
        "io.netty, netty-codec-http2, 4.1.123.Final, true",
        "io.netty, netty-codec-http2, 4.2.3.Final, true",
        "io.netty, netty-codec-http2, 4.1.124.Final, false",
        // CVE-2026-56819: 4.2.14.Final is what Gatling 3.15.1 brings
        "io.netty, netty-codec-http2, 4.2.14.Final, true",
        "io.netty, netty-codec-http2, 4.2.16.Final, false",
        // CVE-2026-33870
        "io.netty, netty-codec-http, 4.1.131.Final, true",
        "io.netty, netty-codec-http, 4.2.9.Final, true",
        "io.netty, netty-codec-http, 4.1.132.Final, false",
        // CVE-2026-55831, -55833, -56745, -56746 (fixed 4.2.16.Final), CVE-2026-59903 (fixed 4.2.17.Final)
        "io.netty, netty-codec-http, 4.2.14.Final, true",
        "io.netty, netty-codec-http, 4.2.16.Final, true",
        "io.netty, netty-codec-http, 4.2.17.Final, false",
        "io.netty, netty-codec-http, 4.2.20.Final, false",
        // CVE-2025-27820: 5.4.0 to 5.4.2 only
        "org.apache.httpcomponents.client5, httpclient5, 5.4.2, true",
        "org.apache.httpcomponents.client5, httpclient5, 5.4, true",
        "org.apache.httpcomponents.client5, httpclient5, 5.3.1, false",
        "org.apache.httpcomponents.client5, httpclient5, 5.4.3, false",
    })
    void theAdvisoriesVersionsShouldBeBannedAndTheirFixesAllowed(String groupId, String artifactId, String version, boolean expected)
        throws Exception {
        assertThat(isBanned(groupId, artifactId, version)).isEqualTo(expected);
    }

    /** A jar of the local repository on the test classpath: {@code <group as folders>/<artifactId>/<version>/<artifactId>-<version>.jar}. */
    private record Jar(Path artifactFolder, String artifactId, String version) {

        boolean is(String groupId, String artifactId) {
            return artifactFolder.endsWith(Path.of(groupId.replace('.', '/'), artifactId));
        }

        Path pom() {
            return artifactFolder.resolve(version).resolve(artifactId + "-" + version + ".pom");
        }
    }

    private static List<Jar> testClasspath() {
        List<Jar> jars = new ArrayList<>();
        // under Maven, java.class.path is a manifest-only jar; Surefire gives the real classpath apart
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        for (String entry : classpath.split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (jar.getNameCount() < 4 || !jar.getFileName().toString().endsWith(".jar")) {
                continue;
            }
            String version = jar.getParent().getFileName().toString();
            String artifactId = jar.getParent().getParent().getFileName().toString();
            if (jar.getFileName().toString().startsWith(artifactId + "-" + version)) {
                jars.add(new Jar(jar.getParent().getParent(), artifactId, version));
            }
        }
        assertThat(jars).as("jars of the local repository on the test classpath").hasSizeGreaterThan(50);
        return jars;
    }

    @Test
    void nothingTheTestsRunWithShouldBeInABannedRange() throws Exception {
        List<String> found = new ArrayList<>();
        for (Jar jar : testClasspath()) {
            for (String pattern : banned()) {
                String[] parts = pattern.split(":");
                if (jar.is(parts[0], parts[1]) && isBanned(parts[0], parts[1], jar.version())) {
                    found.add(pattern + " holds " + jar.version());
                }
            }
        }
        assertThat(found).isEmpty();
    }

    /**
     * What requireUpperBoundDeps would check, for Gatling's requests only (the rule fails on today's tree for others:
     * Vert.x 5.1.6 asks for a newer Netty and Jackson than the Gatling ones pom.xml pins).
     */
    @Test
    void noLibraryGatlingAsksForShouldBeResolvedBelowItsVersion() throws Exception {
        List<Jar> jars = testClasspath();
        List<String> below = new ArrayList<>();
        int checked = 0;
        for (Jar gatling : jars) {
            if (!gatling.artifactFolder().toString().contains("/io/gatling/") || !Files.isRegularFile(gatling.pom())) {
                continue;
            }
            for (String[] asked : askedVersions(gatling.pom())) {
                for (Jar resolved : jars) {
                    if (resolved.is(asked[0], asked[1])) {
                        checked++;
                        if (new ComparableVersion(resolved.version()).compareTo(new ComparableVersion(asked[2])) < 0) {
                            below.add(asked[0] + ":" + asked[1] + " " + resolved.version() + " < " + asked[2] + " (asked by "
                                + gatling.artifactId() + ")");
                        }
                    }
                }
            }
        }
        assertThat(checked).as("Gatling's requests found on the test classpath").isGreaterThan(10);
        assertThat(below).isEmpty();
    }

    /** groupId, artifactId and version of each dependency a pom passes on, named with a plain version. */
    private static List<String[]> askedVersions(Path pom) throws Exception {
        NodeList dependencies = (NodeList) XPathFactory.newInstance().newXPath().evaluate(
            "/*[local-name()='project']/*[local-name()='dependencies']/*[local-name()='dependency']",
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()), XPathConstants.NODESET);
        List<String[]> asked = new ArrayList<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            String version = child(dependency, "version");
            // test, provided and optional dependencies are not passed on: Gatling does not bring them
            boolean passedOn = List.of("", "compile", "runtime").contains(child(dependency, "scope"))
                && !"true".equals(child(dependency, "optional"));
            if (passedOn && !version.isEmpty() && !version.contains("${")) {
                asked.add(new String[] {child(dependency, "groupId"), child(dependency, "artifactId"), version});
            }
        }
        return asked;
    }

    private static String child(Element element, String name) {
        NodeList found = element.getElementsByTagName(name);
        return found.getLength() == 0 ? "" : found.item(0).getTextContent().strip();
    }

    @Test
    void theCheckShouldRunInTheDefaultBuild() throws Exception {
        assertThat(nodes(EXECUTION + "/*[local-name()='phase']")).as("bound to the default phase, never 'none'").isEmpty();
        assertThat(banned()).allSatisfy(pattern -> assertThat(pattern.split(":")).hasSize(3));
    }

    @Test
    void theNvdScanShouldStayOutOfTheDefaultBuild() throws Exception {
        // it downloads the NVD at every run: only in the advisory-scan profile, which the user names
        String scan = "//*[local-name()='plugin'][*[local-name()='artifactId']='dependency-check-maven']";
        assertThat(nodes("/*[local-name()='project']/*[local-name()='build']" + scan)).isEmpty();
        assertThat(nodes("//*[local-name()='profile'][*[local-name()='id']='advisory-scan']" + scan + "/*[local-name()='artifactId']"))
            .hasSize(1);
        assertThat(nodes("//*[local-name()='profile'][*[local-name()='id']='advisory-scan']/*[local-name()='activation']")).isEmpty();
    }
}
