package dev.shopreviews.invitations.invitation.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.LockMode;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/** The statements of table invitation_defaults, in the session Panache uses. */
@ApplicationScoped
public class InvitationDefaultsRepository {

    /** The webshop's stored defaults, or null. Call inside a session. */
    public Uni<InvitationDefaults> find(long webshopId) {
        return Panache.getSession().chain(session -> session.find(InvitationDefaults.class, webshopId));
    }

    /** As {@link #find}, locked until the end of the caller's transaction (a concurrent change waits). */
    public Uni<InvitationDefaults> findForChange(long webshopId) {
        return Panache.getSession().chain(session -> session.find(InvitationDefaults.class, webshopId, LockMode.PESSIMISTIC_WRITE));
    }

    /** Stores the webshop's defaults, inserting or replacing its row. Call inside a transaction. */
    public Uni<Void> save(long webshopId, int defaultDelay, String senderName, Instant at, String by) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into invitation_defaults (webshop_id, default_delay, sender_name, updated_at, updated_by)
                        values (?1, ?2, cast(?3 as varchar), ?4, ?5)
                        on conflict (webshop_id) do update set default_delay = excluded.default_delay,
                            sender_name = excluded.sender_name, updated_at = excluded.updated_at,
                            updated_by = excluded.updated_by""")
                .setParameter(1, webshopId)
                .setParameter(2, defaultDelay)
                .setParameter(3, senderName)
                .setParameter(4, at)
                .setParameter(5, by)
                .executeUpdate()
                .replaceWithVoid());
    }

    /** The sender names set for these webshops, by webshop id (one query; webshops without one are missing). */
    public Uni<Map<Long, String>> senderNames(Collection<Long> webshopIds) {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select d.webshopId, d.senderName from InvitationDefaults d
                        where d.webshopId in (:ids) and d.senderName is not null""", Object[].class)
                .setParameter("ids", webshopIds)
                .getResultList()
                .map(rows -> {
                    Map<Long, String> names = new HashMap<>();
                    for (Object[] row : rows) {
                        names.put((Long) row[0], (String) row[1]);
                    }
                    return names;
                }));
    }
}
