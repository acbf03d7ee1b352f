package mailbench.costs;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/** The cost table as an AsciiDoc section, to read in the run folder or paste into a results page. */
final class CostTablePage {

    private CostTablePage() {
    }

    static String render(String run, Map<String, String> versions, JsonNode capture, long requests, CostTable table) {
        StringBuilder page = new StringBuilder();
        page.append("== Cost per request: ").append(run).append("\n\n");
        page.append(String.format(Locale.ROOT, "opensearch-java %s (%s transport), facade %s, JDK %s. Capture: %s every %s ms and"
                + " allocations every %s bytes, %s to %s, %,d requests; %,d CPU samples, %,d bytes of allocation samples."
                + " Totals measured: %.1f CPU µs per request (the OS count of the facade process), %,.0f bytes per request"
                + " (the JVM's count). A site is the deepest frame of the facade or the client on a stack, with its line;"
                + " the runtime's stacks (Netty, Vert.x, the JDK, GC) are charged to their deepest Java frame.%n%n",
            versions.getOrDefault("opensearchJava", "?"), versions.getOrDefault("client transport", "?"),
            versions.getOrDefault("mailbench", "?"), versions.getOrDefault("jdk", "?"), capture.path("event").asText(),
            capture.path("intervalMs").asText(), capture.path("allocBytes").asText(), capture.path("startedAt").asText(),
            capture.path("stoppedAt").asText(), requests, table.cpuSamples(), table.allocationSampledBytes(),
            table.cpuMicrosPerRequest(), table.bytesPerRequest()));
        page.append("[cols=\"2,1,1,1,1\"]\n|===\n| Part | CPU µs/request | CPU % | bytes/request | bytes %\n\n");
        for (CostTable.PartTotal part : table.parts()) {
            page.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %,.0f | %.1f%n", part.part().label(), part.cpuMicros(),
                part.cpuPercent(), part.bytes(), part.bytesPercent()));
        }
        page.append("|===\n\n");
        rows(page, "By CPU", table.byCpu(), versions);
        rows(page, "By allocation", table.byBytes(), versions);
        return page.toString();
    }

    private static void rows(StringBuilder page, String title, List<CostTable.Row> rows, Map<String, String> versions) {
        page.append(".").append(title).append("\n[cols=\"4,1,1,1,1,1,4\"]\n|===\n")
            .append("| Site | Part | CPU µs/request | CPU samples | bytes/request | bytes % | Upstream source\n\n");
        for (CostTable.Row row : rows) {
            page.append(String.format(Locale.ROOT, "| `%s` | %s | %.1f | %d | %,.0f | %.1f | %s%n", row.site(), row.part().label(),
                row.cpuMicros(), row.cpuSamples(), row.bytes(), row.bytesPercent(),
                UpstreamSource.of(new CostSite(row.site(), row.part()), versions)));
        }
        page.append("|===\n\n");
    }
}
