package dev.shopreviews.webhooks.retention.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.ZoneOffset;

/** Deletes finished deliveries (their attempts by cascade): one bounded statement on the pool per call. */
@ApplicationScoped
public class FinishedDeliveries {
    /** The final states of a delivery (V2): pending and in_flight ones are never deleted by retention. */
    public static final String[] FINAL_STATES = {"delivered", "dead", "cancelled"};

    private final Pool pool;

    public FinishedDeliveries(Pool pool) {
        this.pool = pool;
    }

    /** Deletes at most {@code limit} finished deliveries created before {@code cutoff}; answers how many. */
    public Uni<Integer> deleteCreatedBefore(Instant cutoff, int limit) {
        return pool.preparedQuery("""
                        delete from webhook_delivery where id in (
                            select id from webhook_delivery
                            where state = any($1::text[]) and created_at < $2 limit $3::int)""")
                .execute(Tuple.of(FINAL_STATES, cutoff.atOffset(ZoneOffset.UTC), limit))
                .map(rows -> rows.rowCount());
    }
}
