package dev.shopreviews.invitations;

import dev.shopreviews.common.events.ConsentRecorded;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Issue 21: an anonymous "ask me later" from the browser postpones an invitation by at most 30 days. */
@QuarkusTest
class AskLaterIsBoundedTest {

    @Test
    void aForgedAskLaterOf365DaysPostponesTheShopsInvitationBy30DaysAtMost() {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_ASK_LATER, 365);
        Fixtures.awaitConsent(shop, order);
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", order, "delay", "3"));
        assertEquals(30, (Integer) shop.auth().get("/api/1.0/invitations.json").jsonPath().get("invitations[0].delay"));
    }

    @Test
    void theShopsOwnLongerDelayStillWins() {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_ASK_LATER, 365);
        Fixtures.awaitConsent(shop, order);
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", order, "delay", "60"));
        assertEquals(60, (Integer) shop.auth().get("/api/1.0/invitations.json").jsonPath().get("invitations[0].delay"));
    }
}
