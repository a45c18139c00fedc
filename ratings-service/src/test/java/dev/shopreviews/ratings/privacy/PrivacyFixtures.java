package dev.shopreviews.ratings.privacy;

import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.ratings.Fixtures;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import static org.awaitility.Awaitility.await;

/** Reviews of a chosen address, erasure events on the real topic, privacy session cookies, seeded rows. */
final class PrivacyFixtures {
    /** The key of %test.shopreviews.privacy-session-key (application.properties). */
    static final String SESSION_KEY = "test-privacy-session-key-0123456789abcdef";

    private PrivacyFixtures() {
    }

    static String address(String name) {
        return name + "." + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    /** A review by this address submitted through the real topic, with one product review; waits until stored. */
    static long review(Fixtures.Shop shop, String email, String origin) {
        return review(shop, email, origin, "p-" + Fixtures.letters(6));
    }

    /** The same with a chosen product id (the WooCommerce plugin's are numbers). */
    static long review(Fixtures.Shop shop, String email, String origin, String productId) {
        ReviewSubmitted base = Fixtures.review(shop, origin);
        ReviewSubmitted review = new ReviewSubmitted(base.eventId(), base.type(), base.occurredAt(), base.webshopId(),
                base.origin(), base.invitationId(), base.orderNumber(), base.name(), email, base.country(), base.language(),
                base.rating(), base.ratings(), base.comment(), List.of(new ReviewSubmitted.ProductReview(productId,
                "Fietsbel", "https://shop.example/bel", null, null, null, 5, "Klinkt helder " + Fixtures.letters(8))),
                base.clientAddress());
        Fixtures.submit(review);
        return ((Number) Fixtures.awaitReview(shop, email).get("id")).longValue();
    }

    static CustomerErased erasure(long webshopId, String email) {
        return new CustomerErased(UUID.randomUUID().toString(), CustomerErased.TYPE, Instant.now(), webshopId,
                EmailHash.of(email), "ER-" + Fixtures.letters(8), webshopId == 0 ? "operator" : "shop");
    }

    static void publish(CustomerErased erased) {
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), erased.emailHash(), Fixtures.json(erased));
    }

    static void until(BooleanSupplier condition) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(condition::getAsBoolean);
    }

    static String cookie(String email) {
        return new PrivacySessions(SESSION_KEY, Fixtures.MAPPER).open(email, Instant.now());
    }

    /** A review row written straight into the table (figures and retention need old and flagged rows). */
    static long seedReview(long webshopId, String origin, boolean verified, boolean held, boolean quarantine,
                           String quarantineReason, boolean deleted, String reaction, String clientAddress, Instant createdAt) {
        Timestamp created = Timestamp.from(createdAt);
        Db.update("insert into review (webshop_id, origin, order_number, name, email, country, language, rating, shippingtime, "
                        + "customerservice, pricequality, aftersale, comment, client_address, quarantine, quarantine_reason, "
                        + "verified, held, reaction, created_at, modified_at, deleted_at) values (?, ?, '', 'Seed', ?, 'NL', 'nl', "
                        + "4, 4, 4, 4, 4, 'Seeded review', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                webshopId, origin, address("seed"), clientAddress, quarantine, quarantineReason, verified, held,
                reaction, created, created, deleted ? created : null);
        return Db.count("select max(id) from review where webshop_id = ?", webshopId);
    }
}
