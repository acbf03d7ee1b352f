package mailbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MavenCommandTest {

    @Test
    void onC1ShouldAddC1OnlyForGatlingTheFacadeAndTheNode() {
        assertThat(MavenCommand.onC1(List.of("gatling:test", "-Dmailbench.rate=100")))
            .containsExactly("gatling:test", "-Dmailbench.rate=100", "-Dmailbench.facade.jvmArgs=-XX:TieredStopAtLevel=1",
                "-Dmailbench.gatling.jit=c1", "-Dmailbench.opensearch.jit=c1");
    }

    @Test
    void onC1ShouldKeepTheFacadeOptionsATestNames() {
        assertThat(MavenCommand.onC1(List.of("-Dmailbench.facade.jvmArgs=-XX:+DisableAttachMechanism", "-Dmailbench.rate=100")))
            .containsExactly("-Dmailbench.facade.jvmArgs=-XX:+DisableAttachMechanism -XX:TieredStopAtLevel=1", "-Dmailbench.rate=100",
                "-Dmailbench.gatling.jit=c1", "-Dmailbench.opensearch.jit=c1")
            .filteredOn(property -> property.startsWith("-Dmailbench.facade.jvmArgs=")).hasSize(1);
    }
}
