package dev.shopreviews.ratings.privacy;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import dev.shopreviews.ratings.WooCommerceClient;
import dev.shopreviews.ratings.privacy.messaging.RetentionCleanUp;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import io.quarkus.test.junit.QuarkusTest;
import org.w3c.dom.Element;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Retention: client addresses of reviews older than 30 days are blanked, reply notifications sent 30 days ago deleted,
 * erased reviews' addresses kept for the shops' copies deleted 90 days after the erasure.
 */
@QuarkusTest
class RetentionTest {
    @Inject
    RetentionCleanUp retention;

    @Inject
    Vertx vertx;

    @Test
    void oldClientAddressesAndSentNotificationsGoYoungOnesStay() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Instant now = Instant.now();
        long old = PrivacyFixtures.seedReview(shop.id(), "form", false, false, false, null, false, "", "10.1.1.1",
                now.minus(Duration.ofDays(31)));
        long young = PrivacyFixtures.seedReview(shop.id(), "form", false, false, false, null, false, "", "10.1.1.2",
                now.minus(Duration.ofDays(29)));
        String recipient = PrivacyFixtures.address("notified");
        notification(old, recipient, now.minus(Duration.ofDays(40)), now.minus(Duration.ofDays(31)));
        notification(old, recipient, now.minus(Duration.ofDays(40)), now.minus(Duration.ofDays(29)));
        notification(old, recipient, now.minus(Duration.ofDays(40)), null);

        RetentionCleanUp.Cleaned cleaned = cleanUp(now);

        assertEquals(1, Db.count("select count(*) from review where id = ? and client_address is null", old));
        assertEquals(1, Db.count("select count(*) from review where id = ? and client_address = '10.1.1.2'", young));
        assertEquals(1, Db.count("select count(*) from reply_notification where recipient = ? and sent_at is not null", recipient),
                "the one sent 29 days ago stays");
        assertEquals(1, Db.count("select count(*) from reply_notification where recipient = ? and sent_at is null", recipient),
                "an unsent one is not the clean-up's (the notifier gives it up)");
        assertEquals(1, Db.count("select count(*) from review where id = ? and comment = 'Seeded review'", old),
                "the review itself stays");
        assertEquals(true, cleaned.clientAddresses() >= 1 && cleaned.replyNotifications() >= 1);
        assertEquals(new RetentionCleanUp.Cleaned(0, 0, 0), cleanUp(now), "a second run finds nothing");
    }

    @Test
    void anErasedReviewsAddressIsKeptForTheShopsCopyNinetyDaysThenForgotten() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String erased = PrivacyFixtures.address("kept-for-the-shop");
        long review = PrivacyFixtures.review(shop, erased, "invitation");
        PrivacyFixtures.publish(PrivacyFixtures.erasure(shop.id(), erased));
        PrivacyFixtures.until(() -> Db.count("select count(*) from erased_review_address where review_id = ? and email = ?",
                review, erased) == 1);
        assertEquals(erased, feedEmail(shop), "the detailed feed names the address while it is kept");

        // The row ages, not the clock: a clean-up as of a later day would also clean other tests' rows.
        Db.update("update erased_review_address set erased_at = now() - interval '89 days' where review_id = ?", review);
        cleanUp(Instant.now());
        assertEquals(1, Db.count("select count(*) from erased_review_address where review_id = ?", review), "kept for 90 days");
        Db.update("update erased_review_address set erased_at = now() - interval '91 days' where review_id = ?", review);
        assertEquals(true, cleanUp(Instant.now()).erasedReviewAddresses() >= 1);
        assertEquals(0, Db.count("select count(*) from erased_review_address where review_id = ?", review));
        assertEquals("", feedEmail(shop), "after that the erased review is still reported as deleted, without the address");
    }

    private static String feedEmail(Fixtures.Shop shop) throws Exception {
        List<Element> reviews = new WooCommerceClient(shop).getReviews(null);
        assertEquals(1, reviews.size());
        assertEquals(1, WooCommerceClient.integer(reviews.get(0), "deleted"));
        return WooCommerceClient.string(reviews.get(0), "email");
    }

    private RetentionCleanUp.Cleaned cleanUp(Instant now) throws Exception {
        CompletableFuture<RetentionCleanUp.Cleaned> done = new CompletableFuture<>();
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> retention.cleanUp(now).subscribe().with(done::complete, done::completeExceptionally));
        return done.get(1, TimeUnit.MINUTES);
    }

    private static void notification(long reviewId, String recipient, Instant created, Instant sent) {
        Db.update("insert into reply_notification (review_id, recipient, created_at, next_try_at, sent_at, attempts) "
                        + "values (?, ?, ?, ?, ?, 10)", reviewId, recipient, Timestamp.from(created), Timestamp.from(created),
                sent == null ? null : Timestamp.from(sent));
    }
}
