package dev.shopreviews.ratings.dashboard.repository;

import dev.shopreviews.common.audit.AuditEntry;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

/** Writes common's audit entries for the owners' changes (common's {@code AuditLog} records operators only). */
@ApplicationScoped
public class AuditEntries implements PanacheRepositoryBase<AuditEntry, Long> {
}
