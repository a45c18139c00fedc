package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 21: a consent recorded from a browser (anyone who knows a shop's order number can send one) never suppresses
 * or postpones the invitation the shop adds for another e-mail address, and never confirms the order for it.
 */
@QuarkusTest
class ForgedConsentTest {

    @Test
    void aForgedReviewWrittenForAnotherAddressNeitherStopsTheRealInvitationNorConfirmsTheOrder() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String order = Fixtures.order();
        String customer = Fixtures.email();
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_REVIEW_WRITTEN, 0, "attacker@example.org");
        Fixtures.awaitConsent(shop, order);

        Fixtures.add(shop, Map.of("email", customer, "order", order, "delay", "0"));

        Mailbox.awaitOne(customer);
        assertTrue(KafkaTestClient.await(Topics.ORDERS_CONFIRMED.name(),
                record -> record.value().contains("\"order_number\":\"" + order + "\""), 1, Duration.ofSeconds(5)).isEmpty(),
                "a forged consent must not confirm the order");
    }

    @Test
    void aForgedReviewWrittenArrivingAfterTheInvitationLeavesItQueued() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String order = Fixtures.order();
        String customer = Fixtures.email();
        Fixtures.add(shop, Map.of("email", customer, "order", order, "delay", "1"));
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_REVIEW_WRITTEN, 0, "attacker@example.org");
        Fixtures.awaitConsent(shop, order);

        assertEquals(1, Db.count("select count(*) from invitation where webshop_id = ? and state = 'queued'", shop.id()));
        assertTrue(KafkaTestClient.await(Topics.ORDERS_CONFIRMED.name(),
                record -> record.value().contains("\"order_number\":\"" + order + "\""), 1, Duration.ofSeconds(5)).isEmpty());
    }

    @Test
    void aForgedAskLaterForAnotherAddressDoesNotPostponeTheInvitation() {
        Fixtures.Shop shop = Fixtures.webshop();
        String before = Fixtures.order();
        String after = Fixtures.order();
        Fixtures.consent(shop, before, ConsentRecorded.CHOICE_ASK_LATER, 30, "attacker@example.org");
        Fixtures.awaitConsent(shop, before);
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", before, "delay", "3"));
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", after, "delay", "3"));
        Fixtures.consent(shop, after, ConsentRecorded.CHOICE_ASK_LATER, 30, "attacker@example.org");
        Fixtures.awaitConsent(shop, after);

        assertEquals(3, delayOf(shop, before));
        assertEquals(3, delayOf(shop, after));
    }

    @Test
    void theCustomersOwnAskLaterStillPostponesWhateverTheCaseOfTheAddress() {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        String customer = Fixtures.email();
        Fixtures.add(shop, Map.of("email", customer, "order", order, "delay", "3"));
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_ASK_LATER, 12, customer.toUpperCase(java.util.Locale.ROOT));
        await().atMost(Duration.ofSeconds(30)).until(() -> delayOf(shop, order) == 12);
    }

    private static int delayOf(Fixtures.Shop shop, String order) {
        return shop.auth().get("/api/1.0/invitations.json").jsonPath()
                .getInt("invitations.find { it.order == '" + order + "' }.delay");
    }
}
