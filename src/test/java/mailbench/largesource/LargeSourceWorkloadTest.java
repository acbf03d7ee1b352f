package mailbench.largesource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;

/** Which mailbox LargeSourceSimulation lists, and that every page it asks for is full. */
class LargeSourceWorkloadTest {

    @Test
    void oneUserShouldListTheWholeCorpus() {
        LargeSourceWorkload workload = LargeSourceWorkload.of(new CorpusSpec(42, 60, 1, 5 * 1024 * 1024), 5);

        assertThat(workload).isEqualTo(new LargeSourceWorkload("mbx-00001", 60, 5));
        assertThat(workload.maxOffset()).isEqualTo(55);
        assertThat(workload.searchPath(55)).isEqualTo("/mailboxes/mbx-00001/search?limit=5&offset=55");
    }

    @Test
    void severalUsersShouldListTheBusiestMailbox() {
        CorpusSpec spec = new CorpusSpec(42, 200, 10);
        Map<String, Long> counts = new CorpusGenerator(spec).messages()
            .collect(Collectors.groupingBy(MailMessage::mailboxId, Collectors.counting()));

        LargeSourceWorkload workload = LargeSourceWorkload.of(spec, 3);

        assertThat((long) workload.messages()).isEqualTo(counts.values().stream().mapToLong(Long::longValue).max().orElseThrow());
        assertThat(counts.get(workload.mailboxId())).isEqualTo((long) workload.messages());
        assertThat(counts.keySet()).hasSizeGreaterThan(1);
    }

    @Test
    void moreHitsThanTheMailboxHoldsShouldBeRefusedWithTheFix() {
        assertThatThrownBy(() -> LargeSourceWorkload.of(new CorpusSpec(42, 4, 1, 1_000), 5))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("-Dmailbench.large.hits (5) is more than the 4 messages of the busiest mailbox mbx-00001");
    }
}
