package dev.shopreviews.webhooks.operator.repository;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Shops' webhook endpoints that fail: per subscription, deliveries still being retried after a failed attempt and
 * deliveries given up on (dead) within the last 30 days, since when, and the last answer. Oldest failure first.
 */
@ApplicationScoped
public class FailingEndpoints {
    private final Pool pool;

    public FailingEndpoints(Pool pool) {
        this.pool = pool;
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record FailingEndpoint(long subscriptionId, long webshopId, String endpoint, String topic, boolean active,
                                  long retrying, long dead, Instant failingSince, Integer lastStatusCode, String lastError) {
    }

    public Uni<List<FailingEndpoint>> oldestFirst(int limit) {
        return pool.preparedQuery("""
                        select s.id, s.webshop_id, s.endpoint, s.topic, s.active,
                               count(*) filter (where d.state <> 'dead') as retrying,
                               count(*) filter (where d.state = 'dead') as dead,
                               min(d.created_at) as failing_since,
                               (array_agg(d.last_status_code order by d.last_attempt_at desc nulls last))[1] as last_status_code,
                               (array_agg(d.last_error order by d.last_attempt_at desc nulls last))[1] as last_error
                        from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
                        where (d.state in ('pending', 'in_flight') and d.attempts > 0)
                           or (d.state = 'dead' and d.created_at > now() - interval '30 days')
                        group by s.id, s.webshop_id, s.endpoint, s.topic, s.active
                        order by failing_since limit $1::int""")
                .execute(Tuple.of(limit))
                .map(rows -> {
                    List<FailingEndpoint> endpoints = new ArrayList<>();
                    for (Row row : rows) {
                        endpoints.add(new FailingEndpoint(row.getLong("id"), row.getLong("webshop_id"), row.getString("endpoint"),
                                row.getString("topic"), row.getBoolean("active"), row.getLong("retrying"), row.getLong("dead"),
                                instant(row.getOffsetDateTime("failing_since")), row.getInteger("last_status_code"),
                                row.getString("last_error")));
                    }
                    return endpoints;
                });
    }

    private static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
