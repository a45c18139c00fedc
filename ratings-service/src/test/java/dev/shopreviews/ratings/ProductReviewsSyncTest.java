package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The detailed feed as the WordPress/WooCommerce plugin uses it ({@link WooCommerceClient}: its exact request, its
 * reading of the answer): last_synced in the spec's and the feed's own form, most recently modified first, valid and
 * deleted as PHP casts them, reviews always present, an edit through the review link reaching the product review.
 */
@QuarkusTest
class ProductReviewsSyncTest {

    @Test
    void theFirstReviewsModifiedSentBackFindsEveryLaterChangeAndNothingOlder() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted a = submit(shop, product("101", 4, "Prima ketel " + Fixtures.letters(6)));
        ReviewSubmitted b = submit(shop, product("102", 5, "Mooie kopjes " + Fixtures.letters(6)));
        long aReview = reviewId(shop, a);
        long bReview = reviewId(shop, b);
        Db.update("update review set modified_at = date_trunc('second', now()) - interval '2 hours' where id = ?", aReview);
        Db.update("update review set modified_at = date_trunc('second', now()) - interval '1 hour' "
                + "+ interval '250 milliseconds' where id = ?", bReview);
        WooCommerceClient plugin = new WooCommerceClient(shop);

        List<Element> first = plugin.sync(false);
        assertEquals(List.of(productReviewId(bReview), productReviewId(aReview)), ids(first), "most recently modified first");
        assertEquals(Db.text("select to_char(modified_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"+00:00\"') "
                + "from review where id = ?", bReview), plugin.lastSynced, "the first review's modified, whole seconds");
        assertEquals(2, plugin.comments.size());

        // After that sync: D stamped within the stored second (a late commit), A edited through its link, C new.
        ReviewSubmitted d = submit(shop, product("104", 3, "Stevige lepel " + Fixtures.letters(6)));
        long dReview = reviewId(shop, d);
        Db.update("update review set modified_at = date_trunc('second', (select modified_at from review where id = ?)) "
                + "+ interval '600 milliseconds' where id = ?", bReview, dReview);
        editThroughLink(a, 2, List.of(new ReviewSubmitted.ProductReview("101", "Ketel", null, null, null, null, 1,
                "Toch lekt hij na een week")));
        until(() -> Db.count("select count(*) from product_review where review_id = ? and rating = 1 "
                + "and text = 'Toch lekt hij na een week'", aReview) == 1);
        ReviewSubmitted c = submit(shop, product("103", 5, "Snelle levering " + Fixtures.letters(6)));
        long cReview = reviewId(shop, c);

        String stored = plugin.lastSynced;
        List<Element> second = plugin.sync(false);
        List<Long> secondIds = ids(second);
        for (long review : List.of(aReview, cReview, dReview)) {
            assertTrue(secondIds.contains(productReviewId(review)), "changed after the stored value: " + review);
        }
        for (Element review : second) {
            assertTrue(WooCommerceClient.string(review, "modified").compareTo(stored) >= 0, "nothing older than the stored second");
        }
        List<String> modified = second.stream().map(r -> WooCommerceClient.string(r, "modified")).toList();
        assertEquals(modified.stream().sorted(Comparator.reverseOrder()).toList(), modified, "newest first");
        assertEquals(4, plugin.comments.size(), "every review once in the shop, the edited one updated in place");
        WooCommerceClient.Comment edited = plugin.comments.values().stream()
                .filter(comment -> comment.reviewId() == productReviewId(aReview)).findFirst().orElseThrow();
        assertEquals(1, edited.rating());
        assertEquals("Toch lekt hij na een week", edited.content());
        assertEquals(101, edited.productId());
    }

    @Test
    void validAndDeletedAreWhatPhpsIntCastNeeds() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted kept = submit(shop, product("201", 4, "Blijft gewoon staan " + Fixtures.letters(6)));
        ReviewSubmitted spam = submit(shop, product("202", 1, "Bel 0612345678 voor korting"));
        ReviewSubmitted hidden = submit(shop, product("203", 2, "Wordt verborgen " + Fixtures.letters(6)));
        ReviewSubmitted removed = submit(shop, product("204", 2, "Wordt verwijderd " + Fixtures.letters(6)));
        Db.update("update review set hidden_reason = 'Beledigend' where id = ?", reviewId(shop, hidden));
        WooCommerceClient plugin = new WooCommerceClient(shop);
        plugin.sync(true);
        assertEquals(4, plugin.comments.size());

        long removedId = reviewId(shop, removed);
        given().header("Authorization", "Bearer test-operator-token").delete("/admin/reviews/" + removedId)
                .then().statusCode(200);
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_DELETED.name(),
                record -> record.value().contains("\"id\":" + removedId + ","), 1, Duration.ofSeconds(30)).size(),
                "the webhooks' reviews.deleted");
        List<Element> all = plugin.getReviews(null);
        Map<Long, Element> byId = new HashMap<>();
        all.forEach(review -> byId.put((long) WooCommerceClient.integer(review, "review_id"), review));
        Element keptReview = byId.get(productReviewId(reviewId(shop, kept)));
        assertEquals(1, WooCommerceClient.integer(keptReview, "valid"));
        assertEquals(0, WooCommerceClient.integer(keptReview, "deleted"));
        Element spamReview = byId.get(productReviewId(reviewId(shop, spam)));
        assertEquals("true", WooCommerceClient.string(spamReview, "is_spam"));
        assertEquals(0, WooCommerceClient.integer(spamReview, "valid"), "quarantined: not approved in the shop");
        Element hiddenReview = byId.get(productReviewId(reviewId(shop, hidden)));
        assertEquals(0, WooCommerceClient.integer(hiddenReview, "valid"), "hidden: not approved in the shop");
        Element removedReview = byId.get(productReviewId(removedId));
        assertEquals("1", WooCommerceClient.string(removedReview, "deleted"));
        assertEquals(1, WooCommerceClient.integer(removedReview, "deleted"));
        assertEquals(0, WooCommerceClient.integer(removedReview, "valid"));
        assertEquals(all.get(0), removedReview, "the deletion is the latest change: first");

        plugin.sync(false);
        assertEquals(3, plugin.comments.size(), "the shop's copy of the deleted review is gone");
        assertTrue(plugin.comments.values().stream().noneMatch(c -> c.productId() == 204));
        assertEquals(List.of(0, 0, 1), plugin.comments.values().stream().map(WooCommerceClient.Comment::approved).sorted().toList(),
                "approved: the kept one only");
    }

    @Test
    void anEmptyDetailedFeedStillHasReviewsSoThePluginCanCountThem() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        WooCommerceClient plugin = new WooCommerceClient(shop);
        assertEquals(List.of(), plugin.sync(false), "no reviews: the plugin's 'No reviews to sync', not a fatal error");
        assertTrue(plugin.request("2999-01-01T00:00:00+00:00").asString().contains("<reviews></reviews>"));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/product_reviews.xml")
                .then().statusCode(200).body(not(containsString("<reviews")));
    }

    @Test
    void lastSyncedTakesTheSpecsFormAndIso8601WithOffset() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = submit(shop, product("301", 4, "Op tijd bezorgd " + Fixtures.letters(6)));
        Db.update("update review set modified_at = timestamptz '2026-11-27 10:00:00.5+00' where id = ?", reviewId(shop, review));
        WooCommerceClient plugin = new WooCommerceClient(shop);
        Map<String, Integer> expected = new LinkedHashMap<>();
        expected.put("2026-11-27 09:59:59", 1);
        expected.put("2026-11-27 10:00:00", 1);
        expected.put("2026-11-27 10:00:01", 0);
        expected.put("2026-11-27T10:00:00+00:00", 1);
        expected.put("2026-11-27T10:30:00+01:00", 1);
        expected.put("2026-11-27T09:30:00-01:00", 0);
        expected.put("2026-11-27T10:00:00Z", 1);
        expected.put("2026-11-27T10:00:00.25Z", 1);
        expected.put("2026-11-27T10:00:00.750Z", 0);
        expected.put("2026-11-27T11:00:00.123456+01:00", 1);
        expected.put("2026-11-27T10:00:00.123456789Z", 1);
        for (Map.Entry<String, Integer> sent : expected.entrySet()) {
            assertEquals(sent.getValue(), plugin.getReviews(sent.getKey()).size(), sent.getKey());
        }
        for (String bad : List.of("2026-11-27T10:00:00", "2026-11-27T25:00:00Z", "2026-02-30T10:00:00Z", "27-11-2026",
                "2026-11-27 10:00", "1795773600", "2026-11-27T10:00:00+25:00", "2026-11-27 10:00:00+00:00", "now")) {
            plugin.request(bad).then().statusCode(400).contentType("application/xml").body(equalTo(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><error><status>error</status><message>Invalid value for "
                            + "last_synced: expected YYYY-MM-DD HH:MM:SS (UTC) or an ISO 8601 datetime with offset such as "
                            + "2026-11-27T10:15:30+00:00.</message></error>"));
        }
    }

    @Test
    void theDetailedFeedStreamsPageByPageNewestChangeFirstEachReviewOnce() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        // 1,000 reviews over 7 distinct modified times: ties across the 100-row pages of the test profile.
        Db.update("insert into review(webshop_id, origin, order_number, name, email, country, language, rating, shippingtime,"
                + " customerservice, pricequality, aftersale, verified, created_at, modified_at)"
                + " select ?, 'invitation', 'bulk-' || g, 'Bulk ' || g, 'bulk' || g || '@example.com', 'NL', 'nl', 4, 4, 4, 4, 4,"
                + " true, now(), now() - (g % 7) * interval '1 second' from generate_series(1, 1000) g", shop.id());
        Db.update("insert into product_review(review_id, webshop_id, product_id, name, rating, text)"
                + " select id, webshop_id, id::text, 'Product ' || id, 5, 'Prima product ' || id from review where webshop_id = ?",
                shop.id());

        List<Element> reviews = new WooCommerceClient(shop).getReviews(null);
        List<Long> ids = ids(reviews);
        assertEquals(1000, reviews.size());
        assertEquals(1000, ids.stream().distinct().count(), "each once");
        for (int i = 1; i < reviews.size(); i++) {
            String previous = WooCommerceClient.string(reviews.get(i - 1), "modified");
            String current = WooCommerceClient.string(reviews.get(i), "modified");
            assertTrue(previous.compareTo(current) > 0 || previous.equals(current) && ids.get(i - 1) > ids.get(i),
                    "ordered by (modified, id) descending at " + i);
        }
    }

    @Test
    void anEditThroughTheReviewLinkChangesTheProductReviewAndItsModified() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = submit(shop, product("401", 5, "Werkt perfect " + Fixtures.letters(6)));
        long id = reviewId(shop, review);
        Db.update("update review set modified_at = now() - interval '1 day' where id = ?", id);
        Instant before = Instant.now();

        editThroughLink(review, 2, List.of(new ReviewSubmitted.ProductReview("401", "Lamp", null, null, null, null, 2,
                "Na twee dagen kapot"), new ReviewSubmitted.ProductReview("402", "Snoer", null, null, null, null, 4,
                "Snoer is wel goed")));

        until(() -> Db.count("select count(*) from product_review where review_id = ? and product_id = '401' "
                + "and rating = 2 and text = 'Na twee dagen kapot'", id) == 1);
        assertEquals(2, Db.count("select count(*) from product_review where review_id = ?", id), "one row per product");
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(), record -> record.value().contains("\"id\":" + id + ",")
                && record.value().contains("Na twee dagen kapot"), 1, Duration.ofSeconds(30)).size());
        List<Element> changed = new WooCommerceClient(shop).getReviews(before.toString());
        assertEquals(List.of("Snoer is wel goed", "Na twee dagen kapot").stream().sorted().toList(),
                changed.stream().map(r -> WooCommerceClient.string(r, "content")).sorted().toList(),
                "the next incremental sync carries the edit");
        assertEquals(List.of(2, 4), changed.stream().map(r -> WooCommerceClient.integer(child(r, "ratings"), "overall"))
                .sorted().toList());
    }

    private static Element child(Element parent, String name) {
        return WooCommerceClient.child(parent, name).orElseThrow();
    }

    static ReviewSubmitted.ProductReview product(String id, int rating, String text) {
        return new ReviewSubmitted.ProductReview(id, "Product " + id, "https://shop.example/p/" + id, null, "SKU-" + id,
                null, rating, text);
    }

    static ReviewSubmitted submit(Fixtures.Shop shop, ReviewSubmitted.ProductReview product) {
        ReviewSubmitted review = Fixtures.withProducts(Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION), List.of(product));
        Fixtures.submit(review);
        Fixtures.awaitReview(shop, review.email());
        return review;
    }

    /** What embed-service sends when the reviewer sends the review link's form again within the edit window. */
    static void editThroughLink(ReviewSubmitted first, int rating, List<ReviewSubmitted.ProductReview> products) {
        Fixtures.submit(new ReviewSubmitted(UUID.randomUUID().toString(), first.type(), Instant.now(), first.webshopId(),
                first.origin(), first.invitationId(), first.orderNumber(), first.name(), first.email(), first.country(),
                first.language(), rating, new SubRatings(rating, rating, rating, rating), "Toch minder tevreden dan gedacht",
                products, first.clientAddress()));
    }

    static long reviewId(Fixtures.Shop shop, ReviewSubmitted review) {
        return ((Number) Fixtures.awaitReview(shop, review.email()).get("id")).longValue();
    }

    static long productReviewId(long reviewId) {
        return Db.count("select min(id) from product_review where review_id = ?", reviewId);
    }

    static List<Long> ids(List<Element> reviews) {
        List<Long> ids = new ArrayList<>();
        reviews.forEach(review -> ids.add((long) WooCommerceClient.integer(review, "review_id")));
        return ids;
    }

    /** Waits for what the consumer does asynchronously. */
    static void until(Callable<Boolean> condition) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(condition);
    }
}
