package mailbench.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class HostSpeedTest {

    @Test
    void theMachinesCoresShouldBeItsPerCoreLinesNotTheSum() {
        assertThat(HostSpeed.cpuLines(List.of("cpu  100 5 20 300 7 1 2 40 0 0", "cpu0 50 2 10 150 3 0 1 20 0 0",
            "cpu1 50 3 10 150 4 1 1 20 0 0", "intr 12345", "ctxt 678", "cpus_allowed 3"))).isEqualTo(2);
    }

    @Test
    void aReadingShouldHaveCoresAtMostTheMachinesAndAProbeThatTookTime() {
        HostSpeed.Reading reading = HostSpeed.read();
        assertThat(reading.cores()).isPositive().isLessThanOrEqualTo(HostSpeed.machineCores());
        assertThat(reading.probeMillis()).isPositive();
    }
}
