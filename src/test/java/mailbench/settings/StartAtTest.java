package mailbench.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class StartAtTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-26T02:00:00Z"), ZoneOffset.UTC);

    @Test
    void shouldReadEpochMillisAndIsoInstants() {
        assertThat(StartAt.parse("1795658460000", "-Dmailbench.startAt", NOW)).isEqualTo(Instant.ofEpochMilli(1795658460000L));
        assertThat(StartAt.parse("2026-11-26T02:01:00Z", "-Dmailbench.startAt", NOW)).isEqualTo(Instant.parse("2026-11-26T02:01:00Z"));
        assertThat(StartAt.parse("", "-Dmailbench.startAt", NOW)).isNull();
    }

    @Test
    void shouldRefuseWhatIsNoInstantOrTooFarAheadNamingTheKnob() {
        assertThatThrownBy(() -> StartAt.parse("tomorrow", "-Dmailbench.startAt", NOW))
            .hasMessageContaining("-Dmailbench.startAt must be epoch milliseconds or an ISO-8601 instant");
        assertThatThrownBy(() -> StartAt.parse("2026-11-28T02:00:00Z", "-Dmailbench.startAt", NOW))
            .hasMessageContaining("more than 24 hours ahead");
    }

    @Test
    void shouldWaitForAnInstantAheadAndSayWhenItIsLate() throws Exception {
        List<String> events = new ArrayList<>();
        Instant at = Instant.now().plusMillis(300);
        StartAt.await(at, events::add);
        assertThat(Instant.now()).isAfterOrEqualTo(at);
        assertThat(events.get(0)).startsWith("waiting ");
        assertThat(events.get(1)).startsWith("agreed start reached");

        events.clear();
        StartAt.await(Instant.now().minusSeconds(5), events::add);
        // at least 5 s late; a busy host may take a moment longer to get there
        assertThat(events).singleElement().asString().startsWith("late for the agreed start").containsPattern("by ([5-9]|\\d\\d)\\.\\d s");
    }
}
