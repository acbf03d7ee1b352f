package mailbench.html;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import mailbench.json.Json;

/**
 * A self-contained HTML page from a template next to its class: the template's CHART_JS marker
 * becomes Chart.js (inlined from its webjar, so the page works offline), its REPORT_CSS marker the
 * reports' shared style, and its DATA marker the page's data as JSON.
 */
public final class InlinePage {

    private static final String CHART_JS = "/META-INF/resources/webjars/chart.js/" + chartJsVersion() + "/dist/chart.umd.js";
    private static final String REPORT_CSS = "report.css";

    private InlinePage() {
    }

    public static String render(Class<?> owner, String template, Object data) throws IOException {
        // inside a <script> element "</" must not appear: "<\/" is the same string to JavaScript
        String json = Json.MAPPER.writeValueAsString(data).replace("</", "<\\/");
        String page;
        try (InputStream in = owner.getResourceAsStream(template)) {
            if (in == null) {
                throw new IOException("the page template " + template + " is not on the classpath next to " + owner.getName());
            }
            page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return page.replace("/*REPORT_CSS*/", resource(REPORT_CSS)).replace("/*CHART_JS*/", chartJs()).replace("/*DATA*/null", json);
    }

    /** A report's data as {@code jsonName} and its page as {@code htmlName} in {@code folder}; returns both paths. */
    public static List<Path> writeReport(Class<?> owner, Object data, Path folder, String jsonName, String htmlName) throws IOException {
        Path json = folder.resolve(jsonName);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), data);
        Path html = Files.writeString(folder.resolve(htmlName), render(owner, htmlName, data), StandardCharsets.UTF_8);
        return List.of(json, html);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = InlinePage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is not on the classpath next to " + InlinePage.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String chartJs() throws IOException {
        try (InputStream in = InlinePage.class.getResourceAsStream(CHART_JS)) {
            if (in == null) {
                throw new IOException("Chart.js is not on the classpath at " + CHART_JS + " (the org.webjars.npm:chart.js dependency)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        }
    }

    private static String chartJsVersion() {
        // the webjar's own pom.properties names its version, so pom.xml stays the only place that pins it
        try (InputStream in = InlinePage.class.getResourceAsStream("/META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "missing");
        } catch (IOException e) {
            return "missing";
        }
    }
}
