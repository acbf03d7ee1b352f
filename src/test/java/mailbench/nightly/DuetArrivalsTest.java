package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A duet's sides send at random gaps when both builds read the knob and no side names it; otherwise as they are. */
class DuetArrivalsTest {

    @TempDir
    Path dir;

    private final List<String> said = new ArrayList<>();

    private Side side(String label, boolean knowsKnob, Map<String, String> properties) throws Exception {
        Path checkout = dir.resolve(label);
        Path knobs = checkout.resolve(DuetArrivals.KNOBS_SOURCE);
        Files.createDirectories(knobs.getParent());
        Files.writeString(knobs, knowsKnob ? "new Knob(\"mailbench.rate\", ...); new Knob(\"mailbench.arrivals\", \"regular\", ...);"
            : "new Knob(\"mailbench.rate\", ...);");
        return new Side(label, checkout, properties);
    }

    @Test
    void bothBuildsReadingTheKnobShouldSendAtRandom() throws Exception {
        assertThat(DuetArrivals.added(side("base", true, Map.of()), side("current", true, Map.of()), said::add))
            .containsExactly(Map.entry("mailbench.arrivals", "random"));
        assertThat(said).isEmpty();
    }

    @Test
    void aBaselineThatPredatesTheKnobShouldKeepBothSidesEvenAndSaySo() throws Exception {
        assertThat(DuetArrivals.added(side("base", false, Map.of()), side("current", true, Map.of()), said::add)).isEmpty();
        assertThat(said).singleElement().asString().startsWith("the base build predates -Dmailbench.arrivals")
            .contains("docs/nightly.adoc#arrivals");
    }

    @Test
    void aSpacingTheOperatorNamesShouldStayTheirs() throws Exception {
        assertThat(DuetArrivals.added(side("base", true, Map.of("mailbench.arrivals", "regular")), side("current", true, Map.of()),
            said::add)).isEmpty();
        assertThat(DuetArrivals.added(side("base", true, Map.of()), side("current", false, Map.of("mailbench.arrivals", "random")),
            said::add)).isEmpty();
        assertThat(said).isEmpty();
    }

    @Test
    void aCheckoutWithoutTheSourceShouldCountAsPredatingIt() throws Exception {
        Side base = new Side("base", dir.resolve("no-sources"), Map.of());
        assertThat(DuetArrivals.added(base, side("current", true, Map.of()), said::add)).isEmpty();
        assertThat(said).hasSize(1);
    }
}
