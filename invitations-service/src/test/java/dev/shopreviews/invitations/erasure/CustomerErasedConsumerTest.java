package dev.shopreviews.invitations.erasure;

import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.events.ReviewLinkRevoked;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.common.testing.PolledRecords;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.erasure.messaging.CustomerErasedConsumer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code customers.erased} applied to this service's tables (docs/privacy.md, invitations-service rows). */
@QuarkusTest
class CustomerErasedConsumerTest {

    @Inject
    CustomerErasedConsumer consumer;

    @Test
    void anErasureAtOneShopRemovesOnlyThatAddressThereAndTheShopNeverMailsItAgain() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Shop other = Fixtures.webshop();
        String erased = Fixtures.email();
        String kept = Fixtures.email();
        String erasedOrder = Erasing.invitedAndSent(shop, erased);
        String keptOrder = Erasing.invitedAndSent(shop, kept);
        String erasedAtOther = Erasing.invitedAndSent(other, erased);
        Erasing.invitedAndSent(other, kept);
        // Consents: the erased address's own, one given for its order without an address, and the others'.
        Fixtures.consent(shop, erasedOrder, ConsentRecorded.CHOICE_ASK_LATER, 3, erased);
        Fixtures.consent(shop, erasedOrder, ConsentRecorded.CHOICE_ASK_LATER, 3, null);
        String consentOnly = Fixtures.order();
        Fixtures.consent(shop, consentOnly, ConsentRecorded.CHOICE_ASK_LATER, 3, erased);
        Fixtures.consent(shop, keptOrder, ConsentRecorded.CHOICE_ASK_LATER, 3, kept);
        Fixtures.consent(other, erasedAtOther, ConsentRecorded.CHOICE_ASK_LATER, 3, erased);
        for (String order : new String[]{erasedOrder, consentOnly, keptOrder}) {
            Fixtures.awaitConsent(shop, order);
        }
        Fixtures.awaitConsent(other, erasedAtOther);
        await().atMost(Duration.ofSeconds(30)).until(() -> Erasing.consents(shop, erasedOrder) == 2);
        long erasedInvitation = Erasing.invitationId(shop, erasedOrder);
        assertEquals(1, Erasing.reviewLinks(shop, erased), "the sent invitation has its review link");
        int mailsBefore = Mailbox.messages(erased).size();

        Erasing.publish(shop.id(), erased);
        Erasing.awaitApplied(shop.id(), erased);

        assertEquals(0, Erasing.invitations(shop, erased), "the address's invitation at the shop");
        assertEquals(0, Erasing.reviewLinks(shop, erased), "its review link");
        assertEquals(0, Erasing.consents(shop, erasedOrder), "the consents of its order, also the one without an address");
        assertEquals(0, Erasing.consents(shop, consentOnly), "a consent given for the address");
        assertEquals(0, Db.count("select count(*) from opt_out where email_hash = ? and webshop_id <> ?",
                EmailHash.of(erased), shop.id()), "the opt-out is that shop's only");
        assertEquals(1, KafkaTestClient.await(Topics.REVIEW_LINKS.name(), record -> record.key().equals(String.valueOf(erasedInvitation))
                && record.value().contains(ReviewLinkRevoked.TYPE), 1, Duration.ofSeconds(30)).size(), "link revocation announced");

        assertEquals(1, Erasing.invitations(shop, kept), "another address at the shop");
        assertEquals(1, Erasing.reviewLinks(shop, kept));
        assertEquals(1, Erasing.consents(shop, keptOrder));
        assertEquals(1, Erasing.invitations(other, erased), "the address at another shop");
        assertEquals(1, Erasing.reviewLinks(other, erased));
        assertEquals(1, Erasing.consents(other, erasedAtOther));
        assertEquals(1, Erasing.invitations(other, kept));
        assertEquals(0, Erasing.optOuts(other.id(), erased));

        // Adding the address again at that shop answers as for an opted-out address, and it is never mailed.
        String again = Fixtures.order();
        assertEquals("Invitation successfully added to queue!",
                Fixtures.add(shop, Map.of("email", erased, "order", again, "delay", "0")));
        Erasing.awaitState(shop, erased, again, "opted_out");
        // The other shop still invites the address.
        String atOther = Fixtures.order();
        Fixtures.add(other, Map.of("email", erased, "order", atOther, "delay", "0"));
        Erasing.awaitState(other, erased, atOther, "sent");
        assertEquals(mailsBefore + 1, Mailbox.messages(erased).size(), "only the other shop's new mail");
    }

    @Test
    void anErasureAtEveryShopReachesEveryShopAndNewShopsToo() {
        Fixtures.Shop first = Fixtures.webshop();
        Fixtures.Shop second = Fixtures.webshop();
        String erased = Fixtures.email();
        String kept = Fixtures.email();
        Erasing.invitedAndSent(first, erased);
        Erasing.invitedAndSent(second, erased);
        Erasing.invitedAndSent(second, kept);

        Erasing.publish(CustomerErased.EVERY_SHOP, erased);
        Erasing.awaitApplied(CustomerErased.EVERY_SHOP, erased);

        assertEquals(0, Erasing.invitations(first, erased));
        assertEquals(0, Erasing.invitations(second, erased));
        assertEquals(0, Erasing.reviewLinks(first, erased) + Erasing.reviewLinks(second, erased));
        assertEquals(1, Erasing.invitations(second, kept));
        assertEquals(1, Erasing.reviewLinks(second, kept));

        Fixtures.Shop later = Fixtures.webshop();
        String order = Fixtures.order();
        Fixtures.add(later, Map.of("email", erased, "order", order, "delay", "0"));
        Erasing.awaitState(later, erased, order, "opted_out");
        Fixtures.add(first, Map.of("email", erased, "order", Fixtures.order(), "delay", "0"));
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count("select count(*) from invitation where webshop_id = ? "
                + "and email = ? and state = 'opted_out'", first.id(), erased) == 1);
    }

    @Test
    void theSameErasureDeliveredTwiceChangesNothingTheSecondTime() throws Throwable {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        Erasing.invitedAndSent(shop, email);
        String eventId = Erasing.publish(shop.id(), email);
        Erasing.awaitApplied(shop.id(), email);
        // An invitation added after the erasure is kept (as any opted-out one); a redelivery must not touch it.
        String order = Fixtures.order();
        Fixtures.add(shop, Map.of("email", email, "order", order, "delay", "0"));
        Erasing.awaitState(shop, email, order, "opted_out");
        long deadLetters = Db.count("select count(*) from dead_letter");

        VertxContextSupport.subscribeAndAwait(() -> consumer.onErasure(PolledRecords.consumed(
                Topics.CUSTOMERS_ERASED.name(), 0, 0L, EmailHash.of(email), Erasing.event(eventId, shop.id(), EmailHash.of(email)))));

        assertEquals(1, Erasing.invitations(shop, email));
        assertEquals(1, Erasing.optOuts(shop.id(), email));
        assertEquals(deadLetters, Db.count("select count(*) from dead_letter"));
    }

    @Test
    void aMalformedErasureIsDeadLetteredAndTheNextOneIsStillApplied() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        Erasing.invitedAndSent(shop, email);
        String notAHash = UUID.randomUUID().toString();
        String negativeShop = UUID.randomUUID().toString();
        String broken = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), "x", Erasing.event(notAHash, shop.id(), "not-a-hash"));
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), EmailHash.of(email), Erasing.event(negativeShop, -5, EmailHash.of(email)));
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), EmailHash.of(email), "{\"event_id\":\"" + broken + "\",\"webshop_id\":");
        Erasing.publish(shop.id(), email);
        Erasing.awaitApplied(shop.id(), email);

        assertEquals(0, Erasing.invitations(shop, email));
        for (String poison : new String[]{notAHash, negativeShop, broken}) {
            await().atMost(Duration.ofSeconds(30)).until(() -> Db.count("select count(*) from dead_letter where channel = "
                    + "'erasures' and topic = ? and convert_from(payload, 'UTF8') like ?", Topics.CUSTOMERS_ERASED.name(),
                    "%" + poison + "%") == 1);
        }
        assertEquals(1, Db.count("select count(*) from dead_letter where channel = 'erasures' and reason like "
                + "'%webshop_id is neither 0%' and convert_from(payload, 'UTF8') like ?", "%" + negativeShop + "%"));
        assertEquals(0, Erasing.optOuts(-5, email));
    }

    @Test
    void deadLettersMentioningTheAddressAreErasedWithIt() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        String marker = UUID.randomUUID().toString();
        // A consent nobody can apply (no order number) that names the address: it becomes a dead letter.
        KafkaTestClient.send(Topics.CONSENTS_RECORDED.name(), shop.id() + ":", """
                {"event_id":"%s","type":"%s","occurred_at":"%s","webshop_id":%d,"order_number":"",
                 "choice":"ask_later","invite_delay_days":1,"email":"%s","first_name":null}"""
                .formatted(marker, ConsentRecorded.TYPE, Instant.now(), shop.id(), email));
        // And one long dead letter naming nobody (as HostileInputTest leaves): scanning it must not stall the erasure.
        String longMarker = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.CONSENTS_RECORDED.name(), shop.id() + ":", """
                {"event_id":"%s","type":"%s","occurred_at":"%s","webshop_id":%d,"order_number":"",
                 "choice":"ask_later","invite_delay_days":1,"email":null,"first_name":"%s"}"""
                .formatted(longMarker, ConsentRecorded.TYPE, Instant.now(), shop.id(), "x".repeat(200_000)));
        for (String letter : new String[]{marker, longMarker}) {
            await().atMost(Duration.ofSeconds(30)).until(() -> Db.count("select count(*) from dead_letter where "
                    + "convert_from(payload, 'UTF8') like ?", "%" + letter + "%") == 1);
        }

        Erasing.publish(shop.id(), email);
        Erasing.awaitApplied(shop.id(), email);

        assertEquals(0, Db.count("select count(*) from dead_letter where convert_from(payload, 'UTF8') like ?", "%" + marker + "%"));
        assertEquals(1, Db.count("select count(*) from dead_letter where convert_from(payload, 'UTF8') like ?", "%" + longMarker + "%"));
    }
}
