package dev.shopreviews.webhooks.delivery.repository;

import dev.shopreviews.webhooks.delivery.service.AttemptResult;
import dev.shopreviews.webhooks.delivery.service.ClaimedDelivery;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The delivery queue in PostgreSQL, used by the workers through the reactive SQL client (no ORM session: worker
 * callbacks run on whatever event loop answered). Claims lock due rows with FOR UPDATE SKIP LOCKED and move them to
 * in_flight under a lease in ONE statement, so two workers (threads or replicas) never claim the same attempt; a
 * worker that dies leaves its rows to be claimed again when the lease ends (at least once).
 */
@ApplicationScoped
public class DeliveryQueue {
    /** Database function of V3 (ordered index scans over the queue's partial indexes; see the migration). */
    private static final String CLAIM = "select * from claim_deliveries($1::text[], $2::int, $3::int, $4::int)";

    private static final String CANCEL = """
            update webhook_delivery set state = 'cancelled', attempts = attempts - 1, lease_until = null,
                   next_attempt_at = null, last_error = 'subscription inactive'
             where id = $1 and state = 'in_flight'""";

    private final Pool pool;
    private final AttemptRecords attempts;

    public DeliveryQueue(Pool pool, AttemptRecords attempts) {
        this.pool = pool;
        this.attempts = attempts;
    }

    /** Deliveries still to be made (waiting or in flight), and since when the longest-waiting due one is due. */
    public record Backlog(long pending, Instant oldestDue) {
    }

    private static final String BACKLOG = """
            select count(*) as pending,
                   min(next_attempt_at) filter (where state = 'pending' and next_attempt_at <= now()) as oldest_due
              from webhook_delivery where state in ('pending', 'in_flight')""";

    /** The queue's size and its oldest due delivery (the queue gauges, DeliveryQueueMetrics). */
    public Uni<Backlog> backlog() {
        return pool.query(BACKLOG).execute().map(rows -> {
            Row row = rows.iterator().next();
            OffsetDateTime oldest = row.getOffsetDateTime("oldest_due");
            return new Backlog(row.getLong("pending"), oldest == null ? null : oldest.toInstant());
        });
    }

    /**
     * Claims up to {@code batch} due deliveries, at most {@code perEndpoint} per endpoint, none for the
     * {@code saturated} endpoints; each claimed row is in_flight until {@code lease} ends.
     */
    public Uni<List<ClaimedDelivery>> claim(int batch, int perEndpoint, Set<String> saturated, Duration lease) {
        Tuple params = Tuple.of(saturated.toArray(String[]::new), batch, perEndpoint, (int) lease.toMillis());
        return pool.preparedQuery(CLAIM).execute(params).map(rows -> {
            List<ClaimedDelivery> claimed = new ArrayList<>();
            for (Row row : rows) {
                claimed.add(new ClaimedDelivery(row.getLong("id"), row.getLong("subscription_id"), row.getLong("webshop_id"),
                        row.getString("event_id"), row.getString("topic"), row.getString("endpoint"), row.getString("payload"),
                        row.getBoolean("published"), row.getInteger("attempts"), row.getString("url"),
                        row.getString("secret_encrypted"), row.getBoolean("active"), row.getString("traceparent")));
            }
            return claimed;
        });
    }

    /**
     * Records the attempt (together with others that finish at about the same time, {@link AttemptRecords});
     * {@code retryIn} null means no further attempt (delivered or dead).
     */
    public Uni<Void> record(ClaimedDelivery delivery, AttemptResult result, String state, Duration retryIn) {
        return attempts.record(new AttemptRecords.Outcome(delivery.id(), delivery.attempt(),
                result.attemptedAt().atOffset(ZoneOffset.UTC), result.statusCode(), result.latencyMs(), result.error(), state,
                retryIn == null ? null : (int) Math.min(Integer.MAX_VALUE, retryIn.toMillis())));
    }

    /** The subscription became inactive after the event was queued: nothing is sent. */
    public Uni<Void> cancel(long deliveryId) {
        return pool.preparedQuery(CANCEL).execute(Tuple.of(deliveryId)).replaceWithVoid();
    }
}
