package mailbench.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NetworkProfileTest {

    @Test
    void shouldNameEveryProfileAndRefuseAnUnknownOneListingTheNames() {
        assertThat(NetworkProfile.ALL).extracting(NetworkProfile::name).containsExactly("none", "lan", "region", "cross-region");
        assertThat(NetworkProfile.named("cross-region")).isSameAs(NetworkProfile.CROSS_REGION);
        assertThatThrownBy(() -> NetworkProfile.named("wan")).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("no network profile 'wan'; one of none, lan, region, cross-region");
    }

    @Test
    void noneShouldShapeNoHopAndEveryOtherProfileBoth() {
        assertThat(NetworkProfile.NONE.none()).isTrue();
        assertThat(NetworkProfile.NONE.client()).isNull();
        assertThat(NetworkProfile.ALL.stream().filter(profile -> !profile.none()))
            .allSatisfy(profile -> assertThat(profile.client()).isNotNull().extracting(Hop::latencyMs).isNotEqualTo(0))
            .allSatisfy(profile -> assertThat(profile.node()).isNotNull().extracting(Hop::latencyMs).isNotEqualTo(0));
        assertThatThrownBy(() -> new NetworkProfile("half", "one hop", new Hop(1, 0, 0), null))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both hops or none");
    }

    @Test
    void theProfilesShouldGrowFromTheLanToAnotherRegionOnTheClientHop() {
        assertThat(NetworkProfile.LAN.node().roundTripMs()).isEqualTo(2);
        assertThat(NetworkProfile.LAN.node().bandwidthKBps()).as("1 Gbit/s in toxiproxy's KB of 1,000 bytes").isEqualTo(125_000);
        assertThat(NetworkProfile.REGION.node().roundTripMs()).isEqualTo(4);
        assertThat(NetworkProfile.CROSS_REGION.client().roundTripMs()).isEqualTo(70);
        assertThat(NetworkProfile.CROSS_REGION.node()).as("the facade stays beside its node").isEqualTo(NetworkProfile.REGION.node());
    }

    @Test
    void aHopShouldRefuseAJitterPastItsLatencyAndNegativeValues() {
        assertThatThrownBy(() -> new Hop(1, 2, 0)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("a hop's jitter (2 ms) cannot exceed its latency (1 ms)");
        assertThatThrownBy(() -> new Hop(1, 0, -1)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("0 or more");
    }
}
