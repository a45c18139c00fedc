package dev.shopreviews.invitations.operator.repository;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Invitations that could not be sent in the last 30 days, grouped by webshop and reason, the most frequent first. */
@ApplicationScoped
public class SendFailures {
    private final Pool pool;

    public SendFailures(Pool pool) {
        this.pool = pool;
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record SendFailure(long webshopId, String reason, long count, Instant oldest, Instant newest) {
    }

    public Uni<List<SendFailure>> recent(int limit) {
        return pool.preparedQuery("""
                        select webshop_id, coalesce(last_error, '') as reason, count(*) as failures,
                               min(created_at) as oldest, max(created_at) as newest
                        from invitation where state = 'failed' and created_at > now() - interval '30 days'
                        group by webshop_id, coalesce(last_error, '') order by failures desc, oldest limit $1::int""")
                .execute(Tuple.of(limit))
                .map(rows -> {
                    List<SendFailure> failures = new ArrayList<>();
                    for (Row row : rows) {
                        failures.add(new SendFailure(row.getLong("webshop_id"), row.getString("reason"), row.getLong("failures"),
                                row.getOffsetDateTime("oldest").toInstant(), row.getOffsetDateTime("newest").toInstant()));
                    }
                    return failures;
                });
    }
}
