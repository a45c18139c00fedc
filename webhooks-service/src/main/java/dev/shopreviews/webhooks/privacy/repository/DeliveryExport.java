package dev.shopreviews.webhooks.privacy.repository;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.time.Times;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;

/**
 * The stored deliveries whose payload names one address, on every webshop, oldest first: the {@code webhooks} part of
 * the person's export (docs/privacy.md). Found through the index of V4, never by reading every delivery.
 */
@ApplicationScoped
public class DeliveryExport {
    /** At most this many deliveries are exported (retention keeps far fewer of one person). */
    public static final int MAX = 10_000;

    private final Pool pool;
    private final ObjectMapper mapper;

    public DeliveryExport(Pool pool, ObjectMapper mapper) {
        this.pool = pool;
        this.mapper = mapper;
    }

    public Uni<List<ExportedDelivery>> naming(String email) {
        return pool.preparedQuery("""
                        select id, webshop_id, topic, state, created_at, payload from webhook_delivery
                        where email_hash = $1 order by id limit $2::int""")
                .execute(Tuple.of(EmailHash.of(email), MAX))
                .map(rows -> {
                    List<ExportedDelivery> found = new ArrayList<>();
                    for (Row row : rows) {
                        found.add(new ExportedDelivery(row.getLong("id"), row.getLong("webshop_id"), row.getString("topic"),
                                row.getString("state"), Times.datetime(row.getOffsetDateTime("created_at").toInstant()),
                                json(row.getString("payload"))));
                    }
                    return found;
                });
    }

    private JsonNode json(String payload) {
        try {
            return mapper.readTree(payload);
        } catch (Exception e) {
            return TextNode.valueOf(payload);
        }
    }
}
