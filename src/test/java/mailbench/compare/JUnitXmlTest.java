package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The JUnit XML parses whatever a variant's name holds: markup, control characters, a lone surrogate. */
class JUnitXmlTest {

    private static List<RunResult> runs(String variant, double... cpuMs) {
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < cpuMs.length; i++) {
            RunResult.Stats measured = new RunResult.Stats(60_000, 0, 1000, 2, 10, 20);
            runs.add(new RunResult("r" + i, variant, "completed", 500L, measured, Map.of(), cpuMs[i], Map.of(), null, Map.of(),
                Map.of(), Map.of(), List.of(), 60_000L));
        }
        return runs;
    }

    @Test
    void controlCharactersAndMarkupShouldLeaveAFileThatParses() throws Exception {
        String hostile = "v<&\"'>\u0000\u0001\u001b\uD800end\u00e9\uD83D\uDE00";
        Comparison comparison = Comparer.compare(runs("base", 0.40, 0.41, 0.40), runs(hostile, 0.60, 0.61, 0.60), DefaultThresholds.VALUES);

        String xml = JUnitXml.of(comparison);
        Document parsed = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));

        Element suite = parsed.getDocumentElement();
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("name")).isEqualTo("mailbench.compare base vs v<&\"'>\uFFFD\uFFFD\uFFFD\uFFFDend\u00e9\uD83D\uDE00");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(parsed.getElementsByTagName("testcase").getLength()).isEqualTo(comparison.metrics().size());
        assertThat(parsed.getElementsByTagName("failure").getLength()).isEqualTo(1);
    }

    @Test
    void onlyCharactersXmlCannotHoldShouldBeReplaced() {
        assertThat(JUnitXml.legal("tab\tnewline\nreturn\r ok\u007f\uFFFD")).isEqualTo("tab\tnewline\nreturn\r ok\u007f\uFFFD");
        assertThat(JUnitXml.legal("\u0000\u0008\u000b\u000c\uFFFE\uDC00")).isEqualTo("\uFFFD".repeat(6));
    }
}
