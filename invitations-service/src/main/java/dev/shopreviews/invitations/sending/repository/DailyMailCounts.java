package dev.shopreviews.invitations.sending.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.LocalDate;

/** The daily e-mail counts per webshop (table daily_mail_count), in the session Panache uses. */
@ApplicationScoped
public class DailyMailCounts {

    /** Creates the webshop's row of the day (claimed 0) unless it exists. Call inside a transaction. */
    public Uni<Void> ensure(long webshopId, LocalDate day) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into daily_mail_count (webshop_id, day, claimed) values (?1, ?2, 0)
                        on conflict (webshop_id, day) do nothing""")
                .setParameter(1, webshopId).setParameter(2, day).executeUpdate()
                .replaceWithVoid());
    }

    /** The e-mails claimed so far that day, the row locked until the end of the transaction (it must exist). */
    public Uni<Integer> lockClaimed(long webshopId, LocalDate day) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select claimed from daily_mail_count where webshop_id = ?1 and day = ?2 for update", Integer.class)
                .setParameter(1, webshopId).setParameter(2, day).getSingleResult());
    }

    /** Counts {@code count} more e-mails that day. Call inside the transaction that locked the row. */
    public Uni<Void> addClaimed(long webshopId, LocalDate day, int count) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "update daily_mail_count set claimed = claimed + ?3 where webshop_id = ?1 and day = ?2")
                .setParameter(1, webshopId).setParameter(2, day).setParameter(3, count).executeUpdate()
                .replaceWithVoid());
    }

    /** The e-mails claimed that day, or null when none were. Call inside a session. */
    public Uni<Integer> claimed(long webshopId, LocalDate day) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select claimed from daily_mail_count where webshop_id = ?1 and day = ?2", Integer.class)
                .setParameter(1, webshopId).setParameter(2, day).getSingleResultOrNull());
    }
}
