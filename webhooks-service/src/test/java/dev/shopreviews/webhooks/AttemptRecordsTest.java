package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.webhooks.delivery.repository.AttemptRecords;
import dev.shopreviews.webhooks.delivery.repository.AttemptRecords.Outcome;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Attempts that finish together are written together (AttemptRecords): every outcome lands on its own delivery,
 * and a row the database refuses fails only its own caller, never the others written with it.
 */
@QuarkusTest
class AttemptRecordsTest {
    @Inject
    Pool pool;
    @Inject
    AttemptRecords records;

    @Test
    void outcomesFinishingTogetherAreEachWrittenToTheirDelivery() {
        List<Long> ids = inFlightDeliveries(150);
        List<Uni<Void>> writes = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            writes.add(records.record(outcome(ids.get(i), i % 3, "x")));
        }
        Uni.join().all(writes).andFailFast().await().indefinitely();

        Map<Long, Row> rows = deliveries(ids);
        for (int i = 0; i < ids.size(); i++) {
            Row row = rows.get(ids.get(i));
            switch (i % 3) {
                case 0 -> {
                    assertEquals("delivered", row.getString("state"));
                    assertNotNull(row.getOffsetDateTime("delivered_at"));
                    assertEquals(204, row.getInteger("last_status_code"));
                }
                case 1 -> {
                    assertEquals("pending", row.getString("state"));
                    assertTrue(row.getOffsetDateTime("next_attempt_at").isAfter(OffsetDateTime.now().plusSeconds(5)));
                    assertEquals("HTTP 500", row.getString("last_error"));
                }
                default -> {
                    assertEquals("dead", row.getString("state"));
                    assertNull(row.getOffsetDateTime("next_attempt_at"));
                }
            }
            assertNull(row.getOffsetDateTime("lease_until"));
        }
        assertEquals(ids.size(), attemptRows(ids));
    }

    @Test
    void aRowTheDatabaseRefusesFailsAloneAndTheOthersWrittenWithItLand() {
        List<Long> ids = inFlightDeliveries(20);
        AtomicBoolean refusedFailed = new AtomicBoolean();
        List<Uni<Void>> writes = new ArrayList<>();
        // error is varchar(500): PostgreSQL refuses the longer text, and with it the statement it shares
        writes.add(records.record(outcome(ids.get(0), 1, "e".repeat(600)))
                .onFailure().invoke(failure -> refusedFailed.set(true)).onFailure().recoverWithNull());
        for (int i = 1; i < ids.size(); i++) {
            writes.add(records.record(outcome(ids.get(i), 0, "x")));
        }
        Uni.join().all(writes).andFailFast().await().indefinitely();

        assertTrue(refusedFailed.get(), "the refused row's caller gets the failure");
        Map<Long, Row> rows = deliveries(ids);
        assertEquals("in_flight", rows.get(ids.get(0)).getString("state"), "the refused attempt left its delivery as it was");
        for (int i = 1; i < ids.size(); i++) {
            assertEquals("delivered", rows.get(ids.get(i)).getString("state"));
        }
        assertEquals(ids.size() - 1, attemptRows(ids));
    }

    /** kind 0: delivered; 1: failed, retried in 60 s; 2: failed for good. */
    private static Outcome outcome(long id, int kind, String error) {
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC);
        return switch (kind) {
            case 0 -> new Outcome(id, 1, at, 204, 3, null, "delivered", null);
            case 1 -> new Outcome(id, 1, at, 500, 3, error.equals("x") ? "HTTP 500" : error, "pending", 60_000);
            default -> new Outcome(id, 1, at, null, 10_000, "timeout", "dead", null);
        };
    }

    private List<Long> inFlightDeliveries(int count) {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Subscription hook = Fixtures.subscribe(shop, "http://127.0.0.1:9/records", Topics.REVIEWS_UPDATED.name());
        List<Long> ids = new ArrayList<>();
        pool.preparedQuery("""
                        insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload, published,
                                                      state, attempts, lease_until, created_at)
                        select $1, $2, 'records-' || $1 || '-' || g, 'reviews.updated', '127.0.0.1:9', '{}', true,
                               'in_flight', 1, now() + interval '1 minute', now()
                        from generate_series(1, $3::int) g
                        returning id""")
                .execute(Tuple.of(hook.id(), shop.id(), count)).await().indefinitely()
                .forEach(row -> ids.add(row.getLong("id")));
        return ids;
    }

    private Map<Long, Row> deliveries(List<Long> ids) {
        Map<Long, Row> rows = new HashMap<>();
        pool.preparedQuery("select * from webhook_delivery where id = any($1)")
                .execute(Tuple.of(ids.toArray(Long[]::new))).await().indefinitely()
                .forEach(row -> rows.put(row.getLong("id"), row));
        return rows;
    }

    private long attemptRows(List<Long> ids) {
        return pool.preparedQuery("select count(*) from webhook_attempt where delivery_id = any($1)")
                .execute(Tuple.of(ids.toArray(Long[]::new))).await().indefinitely().iterator().next().getLong(0);
    }
}
