package mailbench.trend;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import mailbench.html.InlinePage;

/** trend.html: the nightly history's charts in one offline file (Chart.js and the data inline). */
public final class TrendPage {

    public static final String HTML = "trend.html";

    private TrendPage() {
    }

    /** Writes the page to {@code out} (its folder is created) and returns it. */
    public static Path write(Trend trend, Path out) throws IOException {
        Path parent = out.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        return Files.writeString(out, InlinePage.render(TrendPage.class, HTML, trend), StandardCharsets.UTF_8);
    }
}
