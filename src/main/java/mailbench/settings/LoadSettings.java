package mailbench.settings;

import static mailbench.settings.KnobReaders.knob;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

import mailbench.corpus.CorpusSpec;
import mailbench.knobs.Knobs;

/**
 * What load a run sends: through which path and variant, at what rate (this injector's share of the total) and
 * spacing, for how long after a warm-up (on a local stack, after its closed loop of searches), in which mix, over which
 * corpus, from which agreed start.
 */
public record LoadSettings(
    String variant,
    RequestPath path,
    int rate,
    Arrivals arrivals,
    int warmupSeconds,
    int durationSeconds,
    int searchWarmUpSeconds,
    Mix mix,
    CorpusSpec corpus,
    Instant startAt,
    InjectorShare injector) {

    /** Request mix in percent; the four shares add up to 100. */
    public record Mix(int text, int from, int range, int get) {
        public Mix {
            if (text + from + range + get != 100) {
                throw new IllegalArgumentException("-Dmailbench.mix.text/from/range/get must add up to 100, got "
                    + text + "+" + from + "+" + range + "+" + get);
            }
        }
    }

    /** With a simulation's own defaults ({@code knob name -> default}) and the target the share is checked against. */
    static LoadSettings read(Map<String, String> defaults, RequestPath path, URI target) {
        String variant = Knobs.VARIANT.value();
        if (!variant.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException("-Dmailbench.variant must be 1-64 of A-Z a-z 0-9 . _ -, got '" + variant + "'");
        }
        Instant startAt = StartAt.parse(Knobs.START_AT.value(), "-D" + Knobs.START_AT.name());
        int totalRate = Knobs.RATE.intValue(1, 100_000);
        InjectorShare injector = InjectorShare.read(System.getenv(), totalRate, target, startAt, Clock.systemUTC());
        return new LoadSettings(variant, path, injector.rate(totalRate), Arrivals.of(Knobs.ARRIVALS.value()),
            knob(defaults, Knobs.WARMUP).intValue(0, 3_600), knob(defaults, Knobs.DURATION).intValue(1, 86_400),
            Knobs.STACK_SEARCH_WARMUP.intValue(0, 600),
            new Mix(Knobs.MIX_TEXT.intValue(0, 100), Knobs.MIX_FROM.intValue(0, 100), Knobs.MIX_RANGE.intValue(0, 100),
                Knobs.MIX_GET.intValue(0, 100)),
            new CorpusSpec(Knobs.SEED.longValue(), knob(defaults, Knobs.MESSAGES).intValue(1, CorpusSpec.MAX_MESSAGES),
                knob(defaults, Knobs.USERS).intValue(1, CorpusSpec.MAX_USERS),
                knob(defaults, Knobs.ATTACHMENT_TEXT).intValue(0, CorpusSpec.MAX_ATTACHMENT_TEXT_BYTES)),
            startAt, injector);
    }
}
