package mailbench.facadeclient;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import mailbench.facade.MailRoutes;

class FacadeStatsTest {

    @Test
    void theClientShouldAskForTheCountersWhereTheFacadeServesThem() {
        assertThat(FacadeStats.STATS_PATH).isEqualTo(MailRoutes.STATS_PATH);
    }
}
