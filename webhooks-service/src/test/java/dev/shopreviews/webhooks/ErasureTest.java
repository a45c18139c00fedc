package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** customers.erased on the real broker: the deliveries naming the address go (with their attempts), in scope. */
@QuarkusTest
class ErasureTest {

    @Test
    void anErasureDeletesTheShopsDeliveriesNamingTheAddressThenOneForEveryShopTheRestAndMentioningDeadLetters() {
        String email = "Erase.Me." + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        String other = "keep." + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        Fixtures.Shop a = Fixtures.webshop();
        Fixtures.Shop b = Fixtures.webshop();
        Fixtures.Subscription subA = Fixtures.subscribe(a, "http://127.0.0.1:9/hook", Topics.REVIEWS_CREATED.name());
        Fixtures.Subscription subB = Fixtures.subscribe(b, "http://127.0.0.1:9/hook", Topics.REVIEWS_CREATED.name());
        Fixtures.Stored delivered = Fixtures.storedDelivery(subA, a, "delivered", email, Duration.ofDays(2));
        Fixtures.Stored pending = Fixtures.storedDelivery(subA, a, "pending", email.toLowerCase(), Duration.ofMinutes(5));
        Fixtures.Stored otherAddress = Fixtures.storedDelivery(subA, a, "delivered", other, Duration.ofDays(2));
        Fixtures.Stored otherShop = Fixtures.storedDelivery(subB, b, "dead", email, Duration.ofDays(1));
        // A record the review consumer could not read, whose bytes carry the address: a pending dead letter.
        String poisonId = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.REVIEWS_CREATED.name(), String.valueOf(a.id()), "{\"event_id\":\"" + poisonId
                + "\",\"webshop_id\":" + a.id() + ",\"review\":\"written by " + email + "\"}");
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from dead_letter where position(convert_to(?, 'UTF8') in payload) > 0", poisonId) == 1);
        assertEquals(1, Fixtures.attempts(pending));

        String hash = EmailHash.of(email);
        String atShopA = erasure(UUID.randomUUID().toString(), a.id(), hash);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, atShopA);
        await().atMost(Duration.ofSeconds(30)).until(() -> !Fixtures.exists(delivered) && !Fixtures.exists(pending));
        assertEquals(0, Fixtures.attempts(pending), "the attempts go with their delivery");
        assertTrue(Fixtures.exists(otherAddress), "another address's delivery stays");
        assertTrue(Fixtures.exists(otherShop), "another webshop's delivery stays when one shop erases");
        // the shop's erasure also deletes the dead letters mentioning the address (they carry no trustworthy shop)
        assertEquals(0, Db.count("select count(*) from dead_letter where position(convert_to(?, 'UTF8') in payload) > 0", poisonId));

        // the same event again, then malformed ones, then an erasure for every webshop: the channel goes on
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, atShopA);
        String badHash = erasure(UUID.randomUUID().toString(), a.id(), "not-a-hash");
        String badShop = erasure(UUID.randomUUID().toString(), -1, hash);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, badHash);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, badShop);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, erasure(UUID.randomUUID().toString(), 0, hash));
        await().atMost(Duration.ofSeconds(30)).until(() -> !Fixtures.exists(otherShop));
        assertTrue(Fixtures.exists(otherAddress));
        assertEquals(2, Db.count("select count(*) from dead_letter where channel = 'erasures' and state = 'pending' "
                + "and (convert_from(payload, 'UTF8') like ? or convert_from(payload, 'UTF8') like ?)",
                "%" + eventIdOf(badHash) + "%", "%" + eventIdOf(badShop) + "%"));
        assertEquals(0, Db.count("select count(*) from dead_letter where channel = 'erasures' and convert_from(payload, 'UTF8') like ?",
                "%" + eventIdOf(atShopA) + "%"), "a redelivered erasure is harmless, not dead-lettered");
        assertFalse(KafkaTestClient.await(Topics.CUSTOMERS_ERASED.name() + ".dlq", r -> r.value().contains(eventIdOf(badShop)), 1,
                Duration.ofSeconds(30)).isEmpty(), "the malformed erasure is announced on the dead-letter topic");
    }

    static String erasure(String eventId, long webshopId, String hash) {
        return "{\"event_id\":\"%s\",\"type\":\"customer.erased\",\"occurred_at\":\"%s\",\"webshop_id\":%d,\"email_hash\":\"%s\",\"reference\":\"ref-%s\",\"requested_by\":\"shop\"}"
                .formatted(eventId, Instant.now(), webshopId, hash, eventId);
    }

    private static String eventIdOf(String json) {
        return json.substring(json.indexOf("\"event_id\":\"") + 12, json.indexOf("\",\"type\""));
    }
}
