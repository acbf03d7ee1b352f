package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.cli.MailbenchMain;
import mailbench.it.support.HeadlessChromium;
import mailbench.nightly.NightlyHistories.Load;
import mailbench.nightly.NightlyHistories;
import mailbench.trend.StepHistories;

/** trend.html, drawn from a history the nightly job wrote, renders its charts in a real headless Chromium, offline. */
class TrendPageIT {

    private static final Load STEADY = new Load(100, 10, 0.5);
    private static final Load SLOWER = new Load(100, 30, 1.5);

    @TempDir
    Path dir;

    @Test
    void theTrendPageShouldDrawEveryChartAndFlagTheRegressionNight() throws Exception {
        Path history = NightlyHistories.write(dir, 29, STEADY, List.of(STEADY, STEADY, SLOWER, STEADY));
        Path page = dir.resolve("trend.html");
        assertThat(MailbenchMain.run("trend", "--history", history.toString(), "--out", page.toString())).isZero();

        HeadlessChromium.Result result = HeadlessChromium.check(page, Path.of("target", "screenshots", "trend.png"));

        assertThat(result.consoleErrors()).isEmpty();
        assertThat(result.dom()).contains("data-rendered=\"true\"").contains("data-charts=\"4\"");
        // Chart.js sizes each canvas it draws into (a style with its width in pixels)
        assertThat(Pattern.compile("<canvas id=\"chart-\\w+\"[^>]*style=\"[^\"]*width: \\d+px").matcher(result.dom()).results().count())
            .isEqualTo(4);
        assertThat(result.dom()).contains("1 judged a regression").contains("<tr class=\"regression\">");
        BufferedImage shot = ImageIO.read(result.screenshot().toFile());
        assertThat(count(shot, 0xc0392b)).as("red points of the regression night in view").isPositive();
        assertThat(count(shot, 0x4a78b5)).as("the runs' points and lines").isGreaterThan(100);
    }

    @Test
    void theTrendPageShouldMarkAStepInThroughputAsAChangePointAndListTheCanaryNights() throws Exception {
        Path history = StepHistories.write(dir, 5, 30, new StepHistories.Step("rps", 15, -8, Set.of(28, 29)));
        Path page = dir.resolve("trend.html");
        assertThat(MailbenchMain.run("trend", "--history", history.toString(), "--out", page.toString())).isZero();

        HeadlessChromium.Result result = HeadlessChromium.check(page, Path.of("target", "screenshots", "trend-change-point.png"));

        assertThat(result.consoleErrors()).isEmpty();
        assertThat(result.dom()).contains("data-rendered=\"true\"").contains("data-change-points=\"1\"").contains("data-canaries=\"2\"");
        Matcher item = Pattern.compile("<li class=\"change-point worse\" data-metric=\"rps\" data-night=\"(\\d{8})-020000\">"
            + "change point at night \\1-020000: measured throughput, req/s \u2212(\\d+\\.\\d)% \\(worse, ").matcher(result.dom());
        assertThat(item.find()).as("the change point's item in the list").isTrue();
        assertThat(item.group(1)).as("the night the step started, night 16 of 30, give or take one")
            .isIn("20260115", "20260116", "20260117");
        assertThat(Double.parseDouble(item.group(2))).isBetween(5.0, 11.0);
        assertThat(Pattern.compile("<tr class=\"canary\">").matcher(result.dom()).results().count()).isEqualTo(2);
        assertThat(count(ImageIO.read(result.screenshot().toFile()), 0x8e44ad)).as("the change point's dashed line on the first chart")
            .isGreaterThan(100);
    }

    /** Pixels within a small distance of {@code rgb}. */
    private static int count(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int p = image.getRGB(x, y);
                if (Math.abs((p >> 16 & 0xff) - (rgb >> 16 & 0xff)) + Math.abs((p >> 8 & 0xff) - (rgb >> 8 & 0xff))
                    + Math.abs((p & 0xff) - (rgb & 0xff)) < 24) {
                    n++;
                }
            }
        }
        return n;
    }
}
