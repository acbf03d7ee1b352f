package mailbench.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.gatling.core.config.GatlingConfiguration;

/**
 * The files Gatling users look for in src/test/resources: gatling.conf read the way Gatling reads it (system
 * properties over gatling.conf over Gatling's defaults), and a logback-test.xml that logback accepts.
 */
class GatlingFilesTest {

    @Nested
    class GatlingConf {

        private static final String TIMEOUT = "gatling.http.requestTimeout";

        @AfterEach
        void forgetOverrides() {
            System.clearProperty(TIMEOUT);
            ConfigFactory.invalidateCaches();
        }

        @Test
        void gatlingShouldSendNoAnalyticsAndTimeRequestsOutAfter10Seconds() {
            GatlingConfiguration gatling = GatlingConfiguration.load();

            assertThat(gatling.data().enableAnalytics()).isFalse();
            assertThat(gatling.http().requestTimeout().toMillis()).isEqualTo(10_000);
        }

        @Test
        void aSystemPropertyShouldStillWinOverTheFile() {
            System.setProperty(TIMEOUT, "30000");
            ConfigFactory.invalidateCaches();

            assertThat(GatlingConfiguration.load().http().requestTimeout().toMillis()).isEqualTo(30_000);
            assertThat(ConfigFactory.load("gatling.conf").getInt(TIMEOUT)).isEqualTo(30_000);
        }

        @Test
        void theFileShouldHoldOnlySettingsGatlingKnows() {
            Config file = ConfigFactory.parseResources("gatling.conf");
            Config defaults = ConfigFactory.parseResources(GatlingConfiguration.class.getClassLoader(), "gatling-defaults.conf");

            assertThat(file.isEmpty()).as("gatling.conf on the test classpath").isFalse();
            file.entrySet().forEach(setting -> assertThat(defaults.hasPath(setting.getKey())).as(setting.getKey()).isTrue());
        }

        @Test
        void thePomShouldNotPassASettingTheFileHolds() throws Exception {
            NodeList jvmArgs = (NodeList) XPathFactory.newInstance().newXPath().evaluate(
                "//*[local-name()='plugin'][*[local-name()='artifactId']='gatling-maven-plugin']//*[local-name()='jvmArg']",
                DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile()), XPathConstants.NODESET);

            assertThat(jvmArgs.getLength()).as("the plugin's jvmArgs are still there").isPositive();
            for (int i = 0; i < jvmArgs.getLength(); i++) {
                String arg = jvmArgs.item(i).getTextContent().strip();
                if (profile(jvmArgs.item(i)).equals("facade-ca")) {
                    // the one exception: with -Dmailbench.facade.ca, Gatling checks certificates (mailbench.run.GatlingTrust
                    // refuses such a run without it); a setting gatling.conf does not hold, so nothing there is beaten
                    assertThat(arg).isEqualTo("-Dgatling.ssl.useInsecureTrustManager=false");
                    assertThat(ConfigFactory.parseResources("gatling.conf").hasPath("gatling.ssl.useInsecureTrustManager")).isFalse();
                } else {
                    // a -D here would beat gatling.conf and a user's own -D could not be told from it
                    assertThat(arg).doesNotStartWith("-Dgatling.");
                }
            }
        }

        /** The id of the pom profile {@code node} is in, or "" outside profiles. */
        private static String profile(Node node) {
            for (Node parent = node.getParentNode(); parent != null; parent = parent.getParentNode()) {
                if ("profile".equals(parent.getLocalName()) || "profile".equals(parent.getNodeName())) {
                    for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
                        if ("id".equals(child.getNodeName())) {
                            return child.getTextContent().strip();
                        }
                    }
                }
            }
            return "";
        }
    }

    @Nested
    class LogbackTest {

        @Test
        void logbackShouldReadTheFileWithoutErrorsOrWarnings() throws Exception {
            URL file = getClass().getClassLoader().getResource("logback-test.xml");
            assertThat(file).as("logback-test.xml on the test classpath").isNotNull();
            LoggerContext context = new LoggerContext();
            JoranConfigurator joran = new JoranConfigurator();
            joran.setContext(context);

            joran.doConfigure(file);

            assertThat(context.getStatusManager().getCopyOfStatusList()).filteredOn(status -> status.getLevel() >= Status.WARN)
                .isEmpty();
            assertThat(context.getLogger("io.gatling").getEffectiveLevel()).isEqualTo(Level.WARN);
            assertThat(context.getLogger("io.netty.channel").getEffectiveLevel()).isEqualTo(Level.WARN);
            assertThat(context.getLogger("mailbench").getEffectiveLevel()).isEqualTo(Level.INFO);
            assertThat(context.getLogger("io.gatling.http.engine.response").getEffectiveLevel())
                .as("failed requests are logged only when asked").isEqualTo(Level.WARN);
            context.stop();
        }

        @Test
        void theLineThatLogsFailedRequestsShouldBeThereToUncomment() throws Exception {
            String text = Files.readString(Path.of("src/test/resources/logback-test.xml"));

            assertThat(text).containsPattern("<!--\\s*<logger name=\"io.gatling.http.engine.response\" level=\"DEBUG\"/>\\s*-->");
        }
    }
}
