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
    public Uni<Void> save(long webshopId, Stored values, Instant at, String by) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into invitation_defaults (webshop_id, default_delay, sender_name, updated_at, updated_by,
                                                         reminder_days, reply_to)
                        values (?1, ?2, cast(?3 as varchar), ?4, ?5, ?6, cast(?7 as varchar))
                        on conflict (webshop_id) do update set default_delay = excluded.default_delay,
                            sender_name = excluded.sender_name, updated_at = excluded.updated_at,
                            updated_by = excluded.updated_by, reminder_days = excluded.reminder_days,
                            reply_to = excluded.reply_to""")
                .setParameter(1, webshopId)
                .setParameter(2, values.defaultDelay())
                .setParameter(3, values.senderName())
                .setParameter(4, at)
                .setParameter(5, by)
                .setParameter(6, values.reminderDays())
                .setParameter(7, values.replyTo())
                .executeUpdate()
                .replaceWithVoid());
    }

    /** What a webshop stores (no row: {@code Stored(0, null, 0, null)}). */
    public record Stored(int defaultDelay, String senderName, int reminderDays, String replyTo) {
    }

    /** What the sender applies of a webshop's settings: sender name and Reply-To (null: none), reminder days (0: none). */
    public record MailSettings(String senderName, String replyTo, int reminderDays) {
        public static final MailSettings NONE = new MailSettings(null, null, 0);
    }

    /** The settings of these webshops, by webshop id (one query; webshops without a row are missing). */
    public Uni<Map<Long, MailSettings>> mailSettings(Collection<Long> webshopIds) {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select d.webshopId, d.senderName, d.replyTo, d.reminderDays from InvitationDefaults d
                        where d.webshopId in (:ids)""", Object[].class)
                .setParameter("ids", webshopIds)
                .getResultList()
                .map(rows -> {
                    Map<Long, MailSettings> settings = new HashMap<>();
                    for (Object[] row : rows) {
                        settings.put((Long) row[0], new MailSettings((String) row[1], (String) row[2], (Integer) row[3]));
                    }
                    return settings;
                }));
    }
}
