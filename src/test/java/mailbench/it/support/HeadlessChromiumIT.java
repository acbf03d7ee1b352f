package mailbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real headless Chromium tells a page whose script draws it from a page whose script throws. */
class HeadlessChromiumIT {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path dir;

    @Test
    void aPageWhoseScriptDrawsShouldRenderWithoutConsoleErrors() throws Exception {
        Path page = Files.writeString(dir.resolve("ok.html"), """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>ok</title><style>body { margin: 0 }</style></head>
            <body><canvas id="chart" width="300" height="150"></canvas>
            <script>
              const ctx = document.getElementById("chart").getContext("2d");
              ctx.fillStyle = "#cc0000";
              ctx.fillRect(0, 0, 200, 100);
              document.body.dataset.rendered = "true";
            </script>
            </body></html>
            """);
        HeadlessChromium.Result result = HeadlessChromium.check(page, dir.resolve("shots").resolve("ok.png"));
        assertThat(result.dom()).contains("data-rendered=\"true\"");
        assertThat(result.consoleErrors()).isEmpty();
        assertThat(result.screenshot()).isRegularFile();
        assertThat(Files.readAllBytes(result.screenshot())).startsWith(PNG_SIGNATURE);
        assertThat(ImageIO.read(result.screenshot().toFile()).getRGB(100, 50) & 0xffffff).as("the canvas was drawn").isEqualTo(0xcc0000);
    }

    @Test
    void aScriptThatThrowsShouldShowAsAConsoleError() throws Exception {
        Path page = Files.writeString(dir.resolve("boom.html"), """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>boom</title></head>
            <body><p>half a page</p><script>throw new Error("boom");</script></body></html>
            """);
        HeadlessChromium.Result result = HeadlessChromium.check(page, dir.resolve("boom.png"));
        assertThat(result.consoleErrors()).isNotEmpty().anyMatch(error -> error.contains("Uncaught Error: boom"));
        assertThat(result.screenshot()).isRegularFile();
    }
}
