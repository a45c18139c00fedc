package dev.shopreviews.ratings.dashboard.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.audit.AuditEntry;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.ratings.dashboard.repository.AuditEntries;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * The audit log's entries for a shop owner's changes in the dashboard (actor "owner:&lt;id&gt;"): common's
 * {@code AuditLog} records operators only, so these are written here, into the same {@code audit_entry} table the
 * console's audit page reads, in the transaction of the change. States and reasons only, never personal data.
 */
@ApplicationScoped
public class OwnerAudit {
    private final AuditEntries entries;
    private final ObjectMapper mapper;

    public OwnerAudit(AuditEntries entries, ObjectMapper mapper) {
        this.entries = entries;
        this.mapper = mapper;
    }

    public Uni<AuditEntry> record(Owner owner, String action, long reviewId, long webshopId, Object after) {
        AuditEntry entry = new AuditEntry();
        entry.at = Instant.now();
        entry.actor = owner.actor();
        entry.action = action;
        entry.subject = "review:" + reviewId;
        entry.webshopId = webshopId;
        try {
            entry.after = mapper.writeValueAsString(after);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Audit state cannot be written as JSON", e);
        }
        return entries.persist(entry);
    }
}
