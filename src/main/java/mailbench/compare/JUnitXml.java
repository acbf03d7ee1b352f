package mailbench.compare;

import java.io.StringWriter;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The verdict as JUnit XML, which CI servers show as tests: one test case per metric, a failure per
 * regression, skipped for inconclusive and uncompared metrics. Written by the JDK's XMLStreamWriter, which escapes
 * markup; characters XML 1.0 cannot hold at all (most control characters, lone surrogates), which a variant's name or a
 * note could carry, are replaced by U+FFFD first, so the file always parses.
 */
final class JUnitXml {

    private static final char REPLACEMENT = '\uFFFD';

    private JUnitXml() {
    }

    static String of(Comparison comparison) {
        long failures = comparison.metrics().stream().filter(m -> m.outcome() == MetricVerdict.Outcome.REGRESSION).count();
        long skipped = comparison.metrics().stream().filter(m -> m.outcome() == MetricVerdict.Outcome.NOT_COMPARED
            || m.outcome() == MetricVerdict.Outcome.INCONCLUSIVE).count();
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", legal("mailbench.compare " + comparison.baseVariant() + " vs " + comparison.currentVariant()));
            xml.writeAttribute("tests", Integer.toString(comparison.metrics().size()));
            xml.writeAttribute("failures", Long.toString(failures));
            xml.writeAttribute("errors", "0");
            xml.writeAttribute("skipped", Long.toString(skipped));
            xml.writeCharacters("\n");
            for (MetricVerdict metric : comparison.metrics()) {
                testCase(xml, metric);
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the JUnit XML: " + e.getMessage(), e);
        }
        return out.toString();
    }

    private static void testCase(XMLStreamWriter xml, MetricVerdict metric) throws XMLStreamException {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", "mailbench.compare");
        xml.writeAttribute("name", legal(metric.metric()));
        String details = metric.label() + ": base median " + metric.baseMedian() + ", current median " + metric.currentMedian()
            + ", worse by " + metric.worseBy() + metric.unit() + " (allowed " + metric.allowed() + metric.unit()
            + (metric.mde() == null ? ", no minimum detectable effect" : ", minimum detectable effect " + metric.mde() + metric.unit())
            + "); " + metric.note();
        xml.writeCharacters("\n    ");
        switch (metric.outcome()) {
            case REGRESSION -> element(xml, "failure", "regression", details);
            case INCONCLUSIVE -> element(xml, "skipped", "inconclusive", details);
            case NOT_COMPARED -> {
                xml.writeEmptyElement("skipped");
                xml.writeAttribute("message", legal(String.valueOf(metric.note())));
            }
            default -> element(xml, "system-out", null, details);
        }
        xml.writeCharacters("\n  ");
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    private static void element(XMLStreamWriter xml, String name, String message, String text) throws XMLStreamException {
        xml.writeStartElement(name);
        if (message != null) {
            xml.writeAttribute("message", message);
        }
        xml.writeCharacters(legal(text));
        xml.writeEndElement();
    }

    /** {@code text} with every character outside XML 1.0's Char production replaced by U+FFFD. */
    static String legal(String text) {
        StringBuilder legal = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            boolean allowed = c == 0x9 || c == 0xA || c == 0xD || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD
                || c >= 0x10000 && c <= 0x10FFFF;
            if (allowed) {
                legal.appendCodePoint(c);
            } else {
                legal.append(REPLACEMENT);
            }
        });
        return legal.toString();
    }
}
