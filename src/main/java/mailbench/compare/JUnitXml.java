package mailbench.compare;

/**
 * The verdict as JUnit XML, which CI servers show as tests: one test case per metric, a failure per
 * regression, skipped for inconclusive and uncompared metrics.
 */
final class JUnitXml {

    private JUnitXml() {
    }

    static String of(Comparison comparison) {
        long failures = comparison.metrics().stream().filter(m -> m.outcome() == MetricVerdict.Outcome.REGRESSION).count();
        long skipped = comparison.metrics().stream().filter(m -> m.outcome() == MetricVerdict.Outcome.NOT_COMPARED
            || m.outcome() == MetricVerdict.Outcome.INCONCLUSIVE).count();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuite name=\"mailbench.compare ").append(escape(comparison.baseVariant())).append(" vs ")
            .append(escape(comparison.currentVariant())).append("\" tests=\"").append(comparison.metrics().size())
            .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"").append(skipped).append("\">\n");
        for (MetricVerdict metric : comparison.metrics()) {
            xml.append("  <testcase classname=\"mailbench.compare\" name=\"").append(escape(metric.metric())).append("\">");
            String details = metric.label() + ": base median " + metric.baseMedian() + ", current median " + metric.currentMedian()
                + ", worse by " + metric.worseBy() + metric.unit() + " (allowed " + metric.allowed() + metric.unit()
                + (metric.mde() == null ? ", no minimum detectable effect" : ", minimum detectable effect " + metric.mde() + metric.unit())
                + "); " + metric.note();
            switch (metric.outcome()) {
                case REGRESSION -> xml.append("\n    <failure message=\"regression\">").append(escape(details)).append("</failure>\n  ");
                case INCONCLUSIVE -> xml.append("\n    <skipped message=\"inconclusive\">").append(escape(details)).append("</skipped>\n  ");
                case NOT_COMPARED -> xml.append("\n    <skipped message=\"").append(escape(metric.note())).append("\"/>\n  ");
                default -> xml.append("\n    <system-out>").append(escape(details)).append("</system-out>\n  ");
            }
            xml.append("</testcase>\n");
        }
        return xml.append("</testsuite>\n").toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
