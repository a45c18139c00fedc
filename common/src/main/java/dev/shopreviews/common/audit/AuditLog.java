package dev.shopreviews.common.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * This service's audit log ({@code audit_entry}, append-only in the database). A change and its entry commit in one
 * transaction: call {@link #record} inside the transaction that makes the change. Before/after hold states and
 * reasons only, never personal data, so an erasure has nothing to remove here.
 */
@ApplicationScoped
public class AuditLog {
    private final ObjectMapper mapper;

    public AuditLog(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** Appends one entry; {@code before}/{@code after} are written as JSON (null when there is none). */
    public Uni<AuditEntry> record(Actor who, String action, String subject, Long webshopId, Object before, Object after) {
        AuditEntry entry = new AuditEntry();
        entry.at = Instant.now();
        entry.actor = clip(who.actor(), 200);
        entry.action = clip(action, 100);
        entry.subject = clip(subject, 200);
        entry.webshopId = webshopId;
        entry.before = json(before);
        entry.after = json(after);
        return entry.persist();
    }

    /**
     * The same entry through the Vert.x SQL client, for a service whose change runs on the client's own transaction
     * (webhooks-service): call it with that transaction's connection, so the change and its entry commit together.
     */
    public Uni<Void> record(SqlClient connection, Actor who, String action, String subject, Long webshopId,
                            Object before, Object after) {
        return connection.preparedQuery("""
                        insert into audit_entry (at, actor, action, subject, webshop_id, before, after)
                        values ($1, $2, $3, $4, $5, $6, $7)""")
                .execute(Tuple.tuple(Arrays.asList(OffsetDateTime.now(ZoneOffset.UTC), clip(who.actor(), 200),
                        clip(action, 100), clip(subject, 200), webshopId, json(before), json(after))))
                .replaceWithVoid();
    }

    /**
     * The newest entries first, at most {@code limit}, older than {@code beforeId} when given; {@code text} (when
     * given) must occur in the actor, action or subject, {@code webshopId} (when given) is the shop they concern.
     */
    public Uni<List<AuditEntry>> search(String text, Long webshopId, Long beforeId, int limit) {
        StringBuilder query = new StringBuilder("1 = 1");
        List<Object> parameters = new ArrayList<>();
        if (text != null && !text.isBlank()) {
            parameters.add("%" + likeEscaped(text.trim().toLowerCase()) + "%");
            int p = parameters.size();
            query.append(" and (lower(actor) like ?").append(p).append(" escape '\\' or lower(action) like ?").append(p)
                    .append(" escape '\\' or lower(subject) like ?").append(p).append(" escape '\\')");
        }
        if (webshopId != null) {
            parameters.add(webshopId);
            query.append(" and webshopId = ?").append(parameters.size());
        }
        if (beforeId != null) {
            parameters.add(beforeId);
            query.append(" and id < ?").append(parameters.size());
        }
        query.append(" order by id desc");
        return AuditEntry.<AuditEntry>find(query.toString(), parameters.toArray()).page(0, limit).list();
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

    static String likeEscaped(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static String clip(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}
