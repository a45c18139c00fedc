package dev.shopreviews.invitations.erasure;

import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.invitations.Fixtures;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/** What the erasure tests share: invitations that went out, CustomerErased events on the real topic, row counts. */
final class Erasing {
    private Erasing() {
    }

    /** Adds an invitation (due at once) and waits until the sender mailed it, so its review link is stored too. */
    static String invitedAndSent(Fixtures.Shop shop, String email) {
        String order = Fixtures.order();
        Fixtures.add(shop, Map.of("email", email, "order", order, "delay", "0", "customer_name", "Erika"));
        awaitState(shop, email, order, "sent");
        return order;
    }

    static void awaitState(Fixtures.Shop shop, String email, String order, String state) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> Db.count(
                "select count(*) from invitation where webshop_id = ? and email = ? and order_number = ? and state = ?",
                shop.id(), email, order, state) == 1);
    }

    static String event(String eventId, long webshopId, String emailHash) {
        return """
                {"event_id":"%s","type":"%s","occurred_at":"%s","webshop_id":%d,"email_hash":"%s","reference":"%s",
                 "requested_by":"operator"}""".formatted(eventId, CustomerErased.TYPE, Instant.now(), webshopId, emailHash,
                eventId);
    }

    /** Publishes an erasure on customers.erased as invitations-service's outbox would; answers its event id. */
    static String publish(long webshopId, String email) {
        String eventId = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), EmailHash.of(email), event(eventId, webshopId, EmailHash.of(email)));
        return eventId;
    }

    /** Waits until the erasure of {@code email} in scope {@code webshopId} was applied (its opt-out is the last write). */
    static void awaitApplied(long webshopId, String email) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> optOuts(webshopId, email) == 1);
    }

    static long optOuts(long webshopId, String email) {
        return Db.count("select count(*) from opt_out where webshop_id = ? and email_hash = ?", webshopId, EmailHash.of(email));
    }

    static long invitations(Fixtures.Shop shop, String email) {
        return Db.count("select count(*) from invitation where webshop_id = ? and lower(email) = lower(?)", shop.id(), email);
    }

    static long reviewLinks(Fixtures.Shop shop, String email) {
        return Db.count("select count(*) from review_link where webshop_id = ? and lower(email) = lower(?)", shop.id(), email);
    }

    static long consents(Fixtures.Shop shop, String order) {
        return Db.count("select count(*) from order_consent where webshop_id = ? and order_number = ?", shop.id(), order);
    }

    static long invitationId(Fixtures.Shop shop, String order) {
        return Db.count("select id from invitation where webshop_id = ? and order_number = ?", shop.id(), order);
    }
}
