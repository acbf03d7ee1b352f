package mailbench.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import mailbench.knobs.ClearedKnobs;
import mailbench.knobs.Knobs;

/** The knobs BenchConfig reads for the bulk matrix's index and the results index, which the simulations once read themselves. */
@ExtendWith(ClearedKnobs.class)
class BenchConfigBulkIndexTest {

    @Test
    void theBulkMatrixShouldRecreateTheRunsIndexUnlessOneIsNamed() {
        System.setProperty(Knobs.INDEX.name(), "mail-x");
        assertThat(BenchConfig.fromSystemProperties().workloads().bulkIndex()).isEqualTo(new WorkloadSettings.BulkIndex("mail-x", false));

        System.setProperty(Knobs.BULK_INDEX.name(), "bulk-cells");
        System.setProperty(Knobs.BULK_DELETE_ON_TARGET.name(), "true");
        assertThat(BenchConfig.fromSystemProperties().workloads().bulkIndex()).isEqualTo(new WorkloadSettings.BulkIndex("bulk-cells", true));
    }

    @Test
    void aDeleteFlagThatIsNotABooleanShouldStopTheRunNamingTheKnob() {
        System.setProperty(Knobs.BULK_DELETE_ON_TARGET.name(), "yes");
        assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("-Dmailbench.bulk.deleteIndexOnTarget must be true or false, got 'yes'");
    }

    @Test
    void theResultsUrlShouldBeEmptyByDefaultAndKeptAsGiven() {
        assertThat(BenchConfig.fromSystemProperties().output().resultsUrl()).isEmpty();
        System.setProperty(Knobs.RESULTS_URL.name(), "http://127.0.0.1:9200");
        assertThat(BenchConfig.fromSystemProperties().output().resultsUrl()).isEqualTo("http://127.0.0.1:9200");
    }
}
