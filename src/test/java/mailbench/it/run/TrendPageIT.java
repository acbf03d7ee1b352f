package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.cli.MailbenchMain;
import mailbench.it.support.HeadlessChromium;
import mailbench.nightly.NightlyHistories.Load;
import mailbench.nightly.NightlyHistories;

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
