package dev.shopreviews.webhooks.delivery.repository;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.time.Times;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The delivery log a shop reads (newest first, with every attempt) and manual redelivery. */
@ApplicationScoped
public class DeliveryLog {
    public static final String DELIVERY_NOT_FOUND = "Webhook delivery not found.";
    public static final String INACTIVE = "Webhook subscription is inactive; activate it before redelivering.";

    private final Pool pool;

    public DeliveryLog(Pool pool) {
        this.pool = pool;
    }

    public Uni<List<DeliveryView>> page(long subscriptionId, int limit, int offset) {
        return pool.preparedQuery("""
                        select id, event_id, topic, state, attempts, last_status_code, last_latency_ms, last_error, created_at,
                               last_attempt_at, next_attempt_at, delivered_at, redelivery_of
                        from webhook_delivery where subscription_id = $1 order by id desc limit $2::int offset $3::int""")
                .execute(Tuple.of(subscriptionId, limit, offset))
                .chain(rows -> withAttempts(rows));
    }

    private Uni<List<DeliveryView>> withAttempts(RowSet<Row> rows) {
        Map<Long, DeliveryView> deliveries = new LinkedHashMap<>();
        for (Row row : rows) {
            String state = row.getString("state");
            // the attempt log is filled in below, from the second query
            deliveries.put(row.getLong("id"), new DeliveryView(row.getLong("id"), row.getString("event_id"),
                    row.getString("topic"), state, row.getInteger("attempts"), row.getInteger("last_status_code"),
                    row.getInteger("last_latency_ms"), row.getString("last_error"),
                    datetime(row.getOffsetDateTime("created_at")), datetime(row.getOffsetDateTime("last_attempt_at")),
                    "pending".equals(state) ? datetime(row.getOffsetDateTime("next_attempt_at")) : null,
                    datetime(row.getOffsetDateTime("delivered_at")), row.getLong("redelivery_of"), new ArrayList<>()));
        }
        if (deliveries.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return pool.preparedQuery("""
                        select delivery_id, attempt, attempted_at, status_code, latency_ms, error from webhook_attempt
                        where delivery_id = any($1::bigint[]) order by delivery_id, attempt""")
                .execute(Tuple.of(deliveries.keySet().toArray(Long[]::new)))
                .map(attempts -> {
                    for (Row row : attempts) {
                        deliveries.get(row.getLong("delivery_id")).attemptLog().add(new DeliveryView.Attempt(
                                row.getInteger("attempt"), datetime(row.getOffsetDateTime("attempted_at")),
                                row.getInteger("status_code"), row.getInteger("latency_ms"), row.getString("error")));
                    }
                    return List.copyOf(deliveries.values());
                });
    }

    /**
     * Queues a new delivery of the same event and body (same X-Event-Id) to the same subscription, due now.
     * Answers the new delivery's fields.
     */
    public Uni<Redelivery> redeliver(long webshopId, long deliveryId) {
        return pool.preparedQuery("""
                        select s.active from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
                        where d.id = $1 and s.webshop_id = $2""")
                .execute(Tuple.of(deliveryId, webshopId))
                .chain(found -> {
                    if (found.size() == 0) {
                        throw EnvelopeException.notFound(DELIVERY_NOT_FOUND);
                    }
                    if (!found.iterator().next().getBoolean("active")) {
                        throw EnvelopeException.invalid(INACTIVE);
                    }
                    return pool.preparedQuery("""
                                    insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload,
                                        published, state, attempts, next_attempt_at, created_at, redelivery_of, email_hash)
                                    select d.subscription_id, d.webshop_id, d.event_id, d.topic, s.endpoint, d.payload, d.published,
                                           'pending', 0, now(), now(), d.id, d.email_hash
                                    from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
                                    where d.id = $1 and s.webshop_id = $2
                                    returning id, subscription_id, event_id, redelivery_of""")
                            .execute(Tuple.of(deliveryId, webshopId));
                })
                .map(inserted -> {
                    if (inserted.size() == 0) {
                        throw EnvelopeException.notFound(DELIVERY_NOT_FOUND);
                    }
                    Row row = inserted.iterator().next();
                    return new Redelivery(row.getLong("id"), row.getLong("redelivery_of"), row.getLong("subscription_id"),
                            row.getString("event_id"));
                });
    }

    private static String datetime(OffsetDateTime value) {
        return value == null ? null : Times.datetime(value.toInstant());
    }
}
