package dev.shopreviews.invitations.erasure;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.erasure.service.RetentionCleanup;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Retention (docs/privacy.md): unanswered invitations after 365 days, consents after 180, review links 30 days past expiry. */
@QuarkusTest
class RetentionCleanupTest {

    @Inject
    RetentionCleanup cleanup;

    @Test
    void oldRowsGoAndYoungOrAnsweredOnesStay() throws Throwable {
        long shop = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        Instant now = Instant.now();
        invitation(shop, "sent-old", "sent", now.minus(Duration.ofDays(366)));
        invitation(shop, "failed-old", "failed", now.minus(Duration.ofDays(400)));
        invitation(shop, "opted-out-old", "opted_out", now.minus(Duration.ofDays(366)));
        invitation(shop, "sent-young", "sent", now.minus(Duration.ofDays(364)));
        invitation(shop, "reviewed-old", "review_written", now.minus(Duration.ofDays(800)));
        invitation(shop, "queued-old", "queued", now.minus(Duration.ofDays(400)));
        consent(shop, "consent-old", now.minus(Duration.ofDays(181)));
        consent(shop, "consent-young", now.minus(Duration.ofDays(179)));
        link(shop, 1, now.minus(Duration.ofDays(31)));
        link(shop, 2, now.minus(Duration.ofDays(29)));
        link(shop, 3, now.plus(Duration.ofDays(60)));

        VertxContextSupport.subscribeAndAwait(() -> cleanup.cleanUp(now));

        assertEquals(0, Db.count("select count(*) from invitation where webshop_id = ? and order_number in "
                + "('sent-old', 'failed-old', 'opted-out-old')", shop));
        assertEquals(3, Db.count("select count(*) from invitation where webshop_id = ? and order_number in "
                + "('sent-young', 'reviewed-old', 'queued-old')", shop));
        assertEquals(0, Db.count("select count(*) from order_consent where webshop_id = ? and order_number = 'consent-old'", shop));
        assertEquals(1, Db.count("select count(*) from order_consent where webshop_id = ? and order_number = 'consent-young'", shop));
        assertEquals(0, Db.count("select count(*) from review_link where webshop_id = ? and invitation_id = 1", shop));
        assertEquals(2, Db.count("select count(*) from review_link where webshop_id = ? and invitation_id in (2, 3)", shop));
    }

    @Test
    void shopPlatformDeliveryIdsGoAfterThirtyDaysAndOrderClaimsAfterAYear() throws Throwable {
        long shop = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        Instant now = Instant.now();
        for (int days : new int[]{31, 29}) {
            Db.update("insert into shop_platform_delivery (webshop_id, platform, delivery_id, received_at) values (?, 'shopify', ?, ?)",
                    shop, "d-" + days, utc(now.minus(Duration.ofDays(days))));
        }
        for (int days : new int[]{366, 364}) {
            Db.update("insert into shop_platform_order (webshop_id, platform, platform_order_id, order_number, received_at, outcome)"
                    + " values (?, 'woocommerce', ?, ?, ?, 'queued')", shop, "o-" + days, "o-" + days, utc(now.minus(Duration.ofDays(days))));
        }

        VertxContextSupport.subscribeAndAwait(() -> cleanup.cleanUp(now));

        assertEquals("d-29", Db.text("select string_agg(delivery_id, ',') from shop_platform_delivery where webshop_id = ?", shop));
        assertEquals("o-364", Db.text("select string_agg(platform_order_id, ',') from shop_platform_order where webshop_id = ?", shop));
    }

    private static void invitation(long shop, String order, String state, Instant created) {
        // next_attempt_at far ahead: the sender never takes the queued one.
        Db.update("""
                insert into invitation (webshop_id, email, order_number, language, delay_days, customer_name, state,
                                        created_at, scheduled_at, next_attempt_at)
                values (?, ?, ?, 'en', 0, '', ?, ?, ?, now() + interval '10 years')""",
                shop, order + "@example.com", order, state, utc(created), utc(created));
    }

    private static void consent(long shop, String order, Instant recorded) {
        Db.update("insert into order_consent (webshop_id, order_number, choice, invite_delay_days, email, recorded_at) "
                + "values (?, ?, 'ask_later', 1, 'x@example.com', ?)", shop, order, utc(recorded));
    }

    private static void link(long shop, long invitationId, Instant expires) {
        Db.update("insert into review_link (ref_hash, invitation_id, webshop_id, email, language, created_at, expires_at) "
                + "values (?, ?, ?, 'x@example.com', 'en', ?, ?)", UUID.randomUUID().toString(), invitationId, shop,
                utc(expires.minus(Duration.ofDays(90))), utc(expires));
    }

    private static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
