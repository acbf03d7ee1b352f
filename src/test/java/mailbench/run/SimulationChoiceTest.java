package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * Which simulation {@code mvn gatling:test} runs: pom.xml must let both {@code -Dgatling.simulationClass}
 * (the plugin's own property) and its alias {@code -Dmailbench.simulation} choose it. An explicit
 * {@code <simulationClass>} in the plugin's configuration would beat the first, silently.
 */
class SimulationChoiceTest {

    private static Document pom;

    @BeforeAll
    static void read() throws Exception {
        pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
    }

    private static String value(String xpath) throws Exception {
        return XPathFactory.newInstance().newXPath().evaluate(xpath, pom).strip();
    }

    @Test
    void theGatlingPluginShouldNotSetTheSimulationClassItself() throws Exception {
        Object configured = XPathFactory.newInstance().newXPath().evaluate(
            "//*[local-name()='plugin'][*[local-name()='artifactId']='gatling-maven-plugin']//*[local-name()='simulationClass']",
            pom, XPathConstants.NODESET);

        assertThat(((org.w3c.dom.NodeList) configured).getLength()).as("<simulationClass> in the plugin's configuration").isZero();
        assertThat(value("//*[local-name()='plugin'][*[local-name()='artifactId']='gatling-maven-plugin']/*[local-name()='artifactId']"))
            .as("the plugin is still there").isEqualTo("gatling-maven-plugin");
    }

    @Test
    void thePluginsPropertyShouldDefaultToTheMailbenchAlias() throws Exception {
        assertThat(value("/*[local-name()='project']/*[local-name()='properties']/*[local-name()='gatling.simulationClass']"))
            .isEqualTo("${mailbench.simulation}");
        String simulation = value("/*[local-name()='project']/*[local-name()='properties']/*[local-name()='mailbench.simulation']");

        assertThat(simulation).isEqualTo("mailbench.gatling.SearchSimulation");
        assertThat(Path.of("src/gatling/scala", simulation.replace('.', '/') + ".scala")).as("the default simulation exists")
            .matches(Files::isRegularFile);
    }
}
