package dev.shopreviews.webhooks.audit.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.audit.Actor;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;

/**
 * Appends to this service's {@code audit_entry} (common's table, read by common {@code AuditLog.search} for the
 * console) the row common {@code AuditLog.record} would write, through the SQL client: the subscriptions change
 * through the SQL client's own transactions, which a Panache {@code AuditLog.record} could not join, and a change
 * and its entry must commit together. Call with the connection of the change's transaction.
 */
@ApplicationScoped
public class AuditEntries {
    private final ObjectMapper mapper;

    public AuditEntries(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public Uni<Void> record(SqlClient connection, Actor who, String action, String subject, Long webshopId,
                            Object before, Object after) {
        return connection.preparedQuery("""
                        insert into audit_entry (at, actor, action, subject, webshop_id, before, after)
                        values ($1, $2, $3, $4, $5, $6, $7)""")
                .execute(Tuple.tuple(Arrays.asList(OffsetDateTime.now(ZoneOffset.UTC), clip(who.actor(), 200),
                        clip(action, 100), clip(subject, 200), webshopId, json(before), json(after))))
                .replaceWithVoid();
    }

    private String json(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Audit state cannot be written as JSON", e);
        }
    }

    private static String clip(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}
