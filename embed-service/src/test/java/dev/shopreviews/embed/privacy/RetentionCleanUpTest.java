package dev.shopreviews.embed.privacy;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.embed.privacy.service.RetentionCleanUp;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Retention (docs/privacy.md): long-expired review links and long-resolved dead letters go, the rest stays. */
@QuarkusTest
class RetentionCleanUpTest {

    @Inject
    RetentionCleanUp cleanUp;

    @Test
    void reviewLinksExpiredAMonthAgoAndDeadLettersResolvedAMonthAgoGoTheRestStays() throws Throwable {
        long shop = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 41);
        Instant now = Instant.now();
        link(shop, "old", now.minus(Duration.ofDays(31)));
        link(shop, "recent", now.minus(Duration.ofDays(29)));
        link(shop, "valid", now.plus(Duration.ofDays(60)));
        String channel = "retention-" + shop;
        letter(channel, "replayed", now.minus(Duration.ofDays(31)));
        letter(channel, "discarded", now.minus(Duration.ofDays(2)));
        letter(channel, "pending", null);

        VertxContextSupport.subscribeAndAwait(() -> cleanUp.cleanUp(now));

        assertEquals(0, Db.count("select count(*) from known_review_link where webshop_id = ? and link like '%old%'", shop));
        assertEquals(2, Db.count("select count(*) from known_review_link where webshop_id = ?", shop));
        assertEquals(0, Db.count("select count(*) from dead_letter where channel = ? and state = 'replayed'", channel));
        assertEquals(2, Db.count("select count(*) from dead_letter where channel = ?", channel));
    }

    private static void link(long shop, String name, Instant expiresAt) {
        Db.update("insert into known_review_link (ref_hash, invitation_id, webshop_id, link, expires_at) values (?, ?, ?, ?, ?)",
                Long.toHexString(shop) + name, 1L, shop, "{\"email\":\"" + name + "@example.com\"}", Timestamp.from(expiresAt));
    }

    private static void letter(String channel, String state, Instant resolvedAt) {
        Db.update("insert into dead_letter (channel, topic, reason, state, created_at, resolved_at) values (?, 'x', 'test', ?, now(), ?)",
                channel, state, resolvedAt == null ? null : Timestamp.from(resolvedAt));
    }
}
