package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

import mailbench.knobs.Knobs;
import mailbench.settings.Arrivals;

/**
 * How a duet's two sides space their requests. Sent evenly from one agreed second they go out on the same ticks, one side
 * a few milliseconds behind the other for the whole pair, and the side behind read its request path 3-6% cheaper on
 * identical code (docs/results/2026-11-29-facade-draws.adoc#trailing): which side that is depends on a pair's own start,
 * so it spread the pairs. At random gaps neither side trails the other more than the other way round. Both sides get
 * random arrivals unless a side names -Dmailbench.arrivals, and only when both builds have the knob: a build that
 * predates it would send evenly beside a random side.
 */
final class DuetArrivals {

    /** Where the knob's name sits in a build's sources, to tell whether it reads it. */
    static final Path KNOBS_SOURCE = Path.of("src", "main", "java", "mailbench", "knobs", "Knobs.java");

    private DuetArrivals() {
    }

    /** What to add to each side's properties (nothing, or random arrivals for both), saying why when it adds nothing. */
    static Map<String, String> added(Side base, Side current, Consumer<String> say) {
        String knob = Knobs.ARRIVALS.name();
        if (base.properties().containsKey(knob) || current.properties().containsKey(knob)) {
            return Map.of();
        }
        for (Side side : new Side[] {base, current}) {
            if (!reads(side.projectDir())) {
                say.accept("the " + side.label() + " build predates -D" + knob + ": both sides send evenly spaced requests, and one"
                    + " side trailing the other can read a few percent cheaper (docs/nightly.adoc#arrivals)");
                return Map.of();
            }
        }
        return Map.of(knob, Arrivals.RANDOM.value());
    }

    private static boolean reads(Path projectDir) {
        try {
            return Files.readString(projectDir.resolve(KNOBS_SOURCE)).contains("\"" + Knobs.ARRIVALS.name() + "\"");
        } catch (IOException e) {
            return false;
        }
    }
}
