package dev.shopreviews.webhooks.dashboard.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The shop dashboard's reads and writes of one webshop's deliveries (reactive SQL client, as everywhere in this
 * service): the delivery log over all its subscriptions, since when each subscription fails, and test events.
 */
@ApplicationScoped
public class DashboardDeliveries {
    /** Event ids of test events start with this; real ones are UUIDs. */
    public static final String TEST_EVENT_PREFIX = "test-";

    private final Pool pool;

    public DashboardDeliveries(Pool pool) {
        this.pool = pool;
    }

    /** One delivery of the log. */
    public record Logged(long id, long subscriptionId, String eventId, String topic, String url, String state, int attempts,
                         Integer statusCode, String error, Instant created, Instant lastAttempt, Instant nextAttempt,
                         Instant delivered, Long redeliveryOf) {
    }

    /** At most {@code limit} deliveries of the webshop with an id below {@code before} (null: the newest), newest first. */
    public Uni<List<Logged>> page(long webshopId, Long before, int limit) {
        return pool.preparedQuery("""
                        select d.id, d.subscription_id, d.event_id, d.topic, s.url, d.state, d.attempts, d.last_status_code,
                               d.last_error, d.created_at, d.last_attempt_at, d.next_attempt_at, d.delivered_at, d.redelivery_of
                        from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
                        where d.webshop_id = $1 and ($2::bigint is null or d.id < $2::bigint)
                        order by d.id desc limit $3::int""")
                .execute(Tuple.tuple().addLong(webshopId).addLong(before).addInteger(limit))
                .map(rows -> {
                    List<Logged> page = new ArrayList<>();
                    for (Row row : rows) {
                        String state = row.getString("state");
                        page.add(new Logged(row.getLong("id"), row.getLong("subscription_id"), row.getString("event_id"),
                                row.getString("topic"), row.getString("url"), state, row.getInteger("attempts"),
                                row.getInteger("last_status_code"), row.getString("last_error"),
                                instant(row, "created_at"), instant(row, "last_attempt_at"),
                                "pending".equals(state) ? instant(row, "next_attempt_at") : null,
                                instant(row, "delivered_at"), row.getLong("redelivery_of")));
                    }
                    return page;
                });
    }

    /**
     * Per subscription of the webshop that fails, since when: its oldest delivery still retried after a failed attempt,
     * or given up on (dead) within the last 30 days, as the operator console counts them (operator/FailingEndpoints).
     */
    public Uni<Map<Long, Instant>> failingSince(long webshopId) {
        return pool.preparedQuery("""
                        select subscription_id, min(created_at) as failing_since from webhook_delivery
                        where webshop_id = $1
                          and ((state in ('pending', 'in_flight') and attempts > 0)
                               or (state = 'dead' and created_at > now() - interval '30 days'))
                        group by subscription_id""")
                .execute(Tuple.of(webshopId))
                .map(rows -> {
                    Map<Long, Instant> since = new HashMap<>();
                    for (Row row : rows) {
                        since.put(row.getLong("subscription_id"), instant(row, "failing_since"));
                    }
                    return since;
                });
    }

    /**
     * Queues the test event to every active subscription of the webshop to the topic, due now, as a delivery like any
     * other (signed with the subscription's secret when sent), published false. Answers the new deliveries' ids.
     */
    public Uni<List<Long>> queueTest(long webshopId, String topic, String eventId, String payload) {
        return pool.preparedQuery("""
                        insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload,
                                                      published, state, attempts, next_attempt_at, created_at)
                        select s.id, s.webshop_id, $3, s.topic, s.endpoint, $4, false, 'pending', 0, now(), now()
                        from webhook_subscription s where s.webshop_id = $1 and s.topic = $2 and s.active
                        order by s.id
                        returning id""")
                .execute(Tuple.of(webshopId, topic, eventId, payload))
                .map(rows -> {
                    List<Long> ids = new ArrayList<>();
                    for (Row row : rows) {
                        ids.add(row.getLong("id"));
                    }
                    return ids;
                });
    }

    private static Instant instant(Row row, String column) {
        OffsetDateTime value = row.getOffsetDateTime(column);
        return value == null ? null : value.toInstant();
    }
}
