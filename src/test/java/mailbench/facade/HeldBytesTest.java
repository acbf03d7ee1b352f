package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

class HeldBytesTest {

    private final HeldBytes held = new HeldBytes(1_000);

    @Test
    void aTicketShouldGiveItsBytesBackOnlyWhenItsLastHolderLetsGo() {
        HeldBytes.Ticket ticket = held.newTicket();
        assertThat(ticket.tryTake(600)).isTrue();
        ticket.hold(); // the work started

        ticket.letGo(); // the client left
        assertThat(held.held()).as("still held by the work").isEqualTo(600);

        ticket.letGo(); // the work ended
        assertThat(held.held()).isZero();
        assertThat(held.peak()).isEqualTo(600);
    }

    @Test
    void aRequestLargerThanTheBoundAloneShouldBeA413NamingTheFix() {
        HeldBytes.Ticket ticket = held.newTicket();
        ticket.take(900, "the bulk");

        BadRequest refusal = catchThrowableOfType(BadRequest.class, () -> ticket.take(200, "the bulk (at item 7)"));

        assertThat(refusal.status()).isEqualTo(413);
        assertThat(refusal.getMessage()).contains("the bulk (at item 7) would hold about 1100 bytes").contains("--max-held-bytes")
            .contains("fewer messages per bulk");
        assertThat(held.refused()).as("not a 503").isZero();
    }

    @Test
    void aRequestThatFitsAloneButNotBesideTheOthersShouldBeA503() {
        held.newTicket().take(700, "the first");
        HeldBytes.Ticket second = held.newTicket();

        BadRequest refusal = catchThrowableOfType(BadRequest.class, () -> second.take(400, "the second"));

        assertThat(refusal.status()).isEqualTo(503);
        assertThat(refusal.getMessage()).contains("retry later");
        assertThat(held.refused()).isEqualTo(1);
        assertThat(held.held()).isEqualTo(700);
    }

    @Test
    void aTicketLetGoShouldTakeNothingMore() {
        HeldBytes.Ticket ticket = held.newTicket();
        ticket.letGo();

        assertThat(ticket.tryTake(10)).isFalse();
        assertThat(held.held()).isZero();
    }
}
