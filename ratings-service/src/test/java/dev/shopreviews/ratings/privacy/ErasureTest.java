package dev.shopreviews.ratings.privacy;

import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.ratings.Fixtures;
import dev.shopreviews.ratings.WooCommerceClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * customers.erased on the real topic: the address's reviews in scope are blanked and deleted (announced like any
 * deletion, the summary follows), its order confirmations, reply notifications and dead letters go; other addresses
 * and other shops stay; applying it twice changes nothing; a malformed erasure is dead-lettered and the next applied.
 */
@QuarkusTest
class ErasureTest {

    @Test
    void erasureAtOneShopBlanksAndDeletesThatAddressThereOnly() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Fixtures.Shop otherShop = Fixtures.webshop(false);
        String erased = PrivacyFixtures.address("erased");
        String other = PrivacyFixtures.address("other");
        long erasedReview = PrivacyFixtures.review(shop, erased, ReviewSubmitted.ORIGIN_INVITATION);
        long otherReview = PrivacyFixtures.review(shop, other, ReviewSubmitted.ORIGIN_INVITATION);
        long erasedElsewhere = PrivacyFixtures.review(otherShop, erased, ReviewSubmitted.ORIGIN_INVITATION);
        Db.update("update review set reaction = 'Dank u', reaction_at = now() where id = ?", erasedReview);
        Db.update("insert into order_confirmation (webshop_id, order_number, email, confirmed_at) values (?, 'A-1', ?, now())",
                shop.id(), erased);
        Db.update("insert into order_confirmation (webshop_id, order_number, email, confirmed_at) values (?, 'B-1', ?, now())",
                otherShop.id(), erased);
        Db.update("insert into reply_notification (review_id, recipient, created_at, next_try_at, sent_at) "
                + "values (?, ?, now(), now(), now())", erasedReview, erased);
        String marker = Fixtures.letters(12);
        Fixtures.submitRaw(shop.id(), "{\"event_id\":\"" + marker + "\",\"webshop_id\":" + shop.id() + ",\"email\":\"" + erased + "\"}");
        PrivacyFixtures.until(() -> Db.count("select count(*) from dead_letter where convert_from(payload, 'UTF8') like ?",
                "%" + marker + "%") == 1);

        CustomerErased erasure = PrivacyFixtures.erasure(shop.id(), "  " + erased.toUpperCase() + " ");
        long published = System.currentTimeMillis();
        PrivacyFixtures.publish(erasure);

        PrivacyFixtures.until(() -> Db.count("select count(*) from review where id = ? and deleted_at is not null", erasedReview) == 1);
        try (var connection = Db.connect(); var statement = connection.prepareStatement(
                "select name, email, order_number, comment, comment_hash, client_address, reaction, erased_at from review where id = ?")) {
            statement.setLong(1, erasedReview);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                assertEquals(List.of("", "", "", ""), List.of(row.getString("name"), row.getString("email"),
                        row.getString("order_number"), row.getString("reaction")));
                assertNull(row.getString("comment"));
                assertNull(row.getString("comment_hash"));
                assertNull(row.getString("client_address"));
                assertNotNull(row.getTimestamp("erased_at"));
            }
        }
        assertEquals(0, Db.count("select count(*) from product_review where review_id = ? and text is not null", erasedReview));
        assertEquals(1, Db.count("select count(*) from review where id = ? and email = ? and deleted_at is null", otherReview, other));
        assertEquals(1, Db.count("select count(*) from review where id = ? and email = ? and deleted_at is null "
                + "and comment is not null", erasedElsewhere, erased));
        assertEquals(1, Db.count("select count(*) from product_review where review_id = ? and text is not null", erasedElsewhere));
        assertEquals(0, Db.count("select count(*) from order_confirmation where webshop_id = ? and email = ?", shop.id(), erased));
        assertEquals(1, Db.count("select count(*) from order_confirmation where webshop_id = ? and email = ?", otherShop.id(), erased));
        assertEquals(0, Db.count("select count(*) from reply_notification where recipient = ?", erased));
        assertEquals(0, Db.count("select count(*) from dead_letter where convert_from(payload, 'UTF8') like ?", "%" + marker + "%"));

        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_DELETED.name(),
                record -> record.value().contains("\"id\":" + erasedReview + ","), 1, Duration.ofSeconds(30)).size());
        assertEquals(1, KafkaTestClient.await(Topics.RATINGS_SUMMARY.name(), record -> record.key().equals(String.valueOf(shop.id()))
                && record.timestamp() >= published && record.value().contains("\"amount\":1,"), 1, Duration.ofSeconds(30)).size(), "the summary without it");
        assertEquals(List.of(otherReview), Fixtures.ratings(shop).getList("ratings.id", Long.class));
        assertEquals(1, Fixtures.ratings(otherShop).getInt("total"), "the other shop keeps the address's review");

        Document feed = parse(given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("detailed", "1")
                .get("/api/1.0/product_reviews.xml").then().statusCode(200).extract().asByteArray());
        List<Element> deleted = new ArrayList<>();
        NodeList reviews = feed.getElementsByTagName("review");
        for (int i = 0; i < reviews.getLength(); i++) {
            Element review = (Element) reviews.item(i);
            if (review.getElementsByTagName("deleted").getLength() == 1) {
                deleted.add(review);
            }
        }
        assertEquals(1, deleted.size(), "the detailed feed reports the erased review as deleted");
        assertEquals("Anonymous", deleted.get(0).getElementsByTagName("name").item(0).getTextContent());
        assertEquals(erased, deleted.get(0).getElementsByTagName("email").item(0).getTextContent(),
                "the original address, kept for the shop's copy (erased_review_address)");
        assertEquals("1", deleted.get(0).getElementsByTagName("deleted").item(0).getTextContent());
        assertEquals("0", deleted.get(0).getElementsByTagName("valid").item(0).getTextContent());
        assertEquals(1, Db.count("select count(*) from erased_review_address where review_id = ? and email = ?",
                erasedReview, erased), "only the address, for the review with product reviews");
        assertEquals(1, given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .get("/api/1.0/product_reviews.xml").then().statusCode(200).extract().asString().split("<review>").length - 1,
                "the plain feed leaves it out");
    }

    @Test
    void theShopsCopyOfAnErasedReviewIsDeletedAndSyncingAllAddsNoAnonymousOne() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String erased = PrivacyFixtures.address("synced");
        long erasedReview = PrivacyFixtures.review(shop, erased, ReviewSubmitted.ORIGIN_INVITATION, "501");
        PrivacyFixtures.review(shop, PrivacyFixtures.address("stays"), ReviewSubmitted.ORIGIN_INVITATION, "502");
        WooCommerceClient plugin = new WooCommerceClient(shop);
        plugin.sync(false);
        assertEquals(2, plugin.comments.size());
        assertEquals(1, plugin.comments.values().stream().filter(c -> c.email().equals(erased)).count());

        PrivacyFixtures.publish(PrivacyFixtures.erasure(shop.id(), erased));
        PrivacyFixtures.until(() -> Db.count("select count(*) from review where id = ? and erased_at is not null", erasedReview) == 1);
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_DELETED.name(),
                record -> record.value().contains("\"id\":" + erasedReview + ","), 1, Duration.ofSeconds(30)).size(),
                "the webhooks' reviews.deleted");

        List<Element> changed = plugin.sync(false);
        Element gone = changed.get(0);
        assertEquals(erased, WooCommerceClient.string(gone, "email"));
        assertEquals(1, WooCommerceClient.integer(gone, "deleted"));
        assertEquals(0, WooCommerceClient.integer(gone, "valid"));
        assertEquals(501, WooCommerceClient.integer(WooCommerceClient.product(gone), "external_id"));
        assertEquals(1, plugin.comments.size(), "the shop's copy is found by review id, product and address, and deleted");
        assertTrue(plugin.comments.values().stream().noneMatch(c -> c.email().equals(erased)));

        plugin.sync(true);
        assertEquals(1, plugin.comments.size(), "syncing all adds no Anonymous copy");
        assertTrue(plugin.comments.values().stream().noneMatch(c -> c.author().equals("Anonymous")));
    }

    @Test
    void erasureOfEveryShopReachesEveryShopAndApplyingItAgainChangesNothing() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Fixtures.Shop otherShop = Fixtures.webshop(false);
        String erased = PrivacyFixtures.address("everywhere");
        long first = PrivacyFixtures.review(shop, erased, ReviewSubmitted.ORIGIN_INVITATION);
        long second = PrivacyFixtures.review(otherShop, erased, ReviewSubmitted.ORIGIN_FORM);
        long kept = PrivacyFixtures.review(shop, PrivacyFixtures.address("kept"), ReviewSubmitted.ORIGIN_INVITATION);

        CustomerErased erasure = PrivacyFixtures.erasure(CustomerErased.EVERY_SHOP, erased);
        PrivacyFixtures.publish(erasure);
        PrivacyFixtures.until(() -> Db.count("select count(*) from review where id in (?, ?) and deleted_at is not null "
                + "and email = ''", first, second) == 2);
        long modified = Db.count("select sum(extract(epoch from modified_at) * 1000000)::bigint from review where id in (?, ?)",
                first, second);

        PrivacyFixtures.publish(erasure);
        CustomerErased again = PrivacyFixtures.erasure(CustomerErased.EVERY_SHOP, erased);
        PrivacyFixtures.publish(again);
        PrivacyFixtures.until(() -> Db.count("select count(*) from processed_event where event_id = ?", again.eventId()) == 1);

        assertEquals(modified, Db.count("select sum(extract(epoch from modified_at) * 1000000)::bigint from review "
                + "where id in (?, ?)", first, second), "nothing changed the second time");
        for (long id : List.of(first, second)) {
            assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_DELETED.name(),
                    record -> record.value().contains("\"id\":" + id + ","), 2, Duration.ofSeconds(10)).size(),
                    "one reviews.deleted for review " + id);
        }
        assertEquals(1, Db.count("select count(*) from review where id = ? and deleted_at is null", kept));
    }

    @Test
    void malformedErasuresAreDeadLetteredAndTheNextOneIsApplied() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String erased = PrivacyFixtures.address("poison");
        long review = PrivacyFixtures.review(shop, erased, ReviewSubmitted.ORIGIN_FORM);
        String key = "poison-" + UUID.randomUUID();
        CustomerErased good = PrivacyFixtures.erasure(shop.id(), erased);
        String notAHash = Fixtures.json(new CustomerErased(UUID.randomUUID().toString(), CustomerErased.TYPE, good.occurredAt(),
                shop.id(), "not-a-hash", "ER-bad-hash", "shop"));
        String negativeShop = Fixtures.json(new CustomerErased(UUID.randomUUID().toString(), CustomerErased.TYPE,
                good.occurredAt(), -4, good.emailHash(), "ER-negative", "shop"));

        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), key, notAHash);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), key, negativeShop);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), key, "{\"event_id\": no json");
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), key, Fixtures.json(good));

        PrivacyFixtures.until(() -> Db.count("select count(*) from review where id = ? and deleted_at is not null", review) == 1);
        assertEquals(3, Db.count("select count(*) from dead_letter where channel = 'erasures' and record_key = ?", key));
        assertEquals(1, Db.count("select count(*) from dead_letter where channel = 'erasures' and record_key = ? "
                + "and reason like 'email_hash%'", key));
        assertEquals(1, Db.count("select count(*) from dead_letter where channel = 'erasures' and record_key = ? "
                + "and reason like 'webshop_id%'", key));
    }

    private static Document parse(byte[] xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }
}
