package dev.shopreviews.invitations.consent.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Table order_consent (one row per webshop, order and e-mail address). Call inside a session or transaction. */
@ApplicationScoped
public class OrderConsentRepository {

    /** Whether any consent was recorded for the order (spec 4.13 asks by order number only). */
    public Uni<Boolean> exists(long webshopId, String orderNumber) {
        return Panache.getSession().chain(session -> session.createSelectionQuery(
                        "select count(*) from OrderConsentRow where webshopId = ?1 and orderNumber = ?2", Long.class)
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .getSingleResult()
                .map(count -> count > 0));
    }

    /**
     * Applies the consent just stored for the order and address to the invitations already added (database function
     * apply_consent, migration V5, which holds the rules). Answers the invited address whose order is to be confirmed
     * now, or null.
     */
    public Uni<String> applyToInvitations(long webshopId, String orderNumber, String email) {
        return Panache.getSession().chain(session -> session.createSelectionQuery(
                        "select cast(function('apply_consent', ?1, ?2, ?3) as String)", String.class)
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .setParameter(3, email)
                .getSingleResultOrNull());
    }

    /**
     * Stores the choice for the order and address (null: none given). A later event for the same order and address
     * replaces an "ask later" choice; once the review was written in the pop-up that choice stays.
     */
    public Uni<Void> upsert(long webshopId, String orderNumber, String choice, int inviteDelayDays, String email,
                            Instant recordedAt) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into order_consent (webshop_id, order_number, choice, invite_delay_days, email, recorded_at)
                        values (?1, ?2, ?3, ?4, ?5, ?6)
                        on conflict (webshop_id, order_number, email_key) do update set
                            choice = case when order_consent.choice = 'review_written' then order_consent.choice
                                          else excluded.choice end,
                            invite_delay_days = excluded.invite_delay_days,
                            recorded_at = excluded.recorded_at""")
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .setParameter(3, choice)
                .setParameter(4, inviteDelayDays)
                .setParameter(5, email)
                .setParameter(6, recordedAt)
                .executeUpdate()
                .replaceWithVoid());
    }

    /**
     * Marks the order's consent for the address confirmed; true only for the one call that did so (orders.confirmed
     * goes out once per order and address).
     */
    public Uni<Boolean> markConfirmed(long webshopId, String orderNumber, String email, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        update order_consent set confirmed_at = ?3
                        where webshop_id = ?1 and order_number = ?2 and email_key = lower(?4) and confirmed_at is null""")
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .setParameter(3, at)
                .setParameter(4, email)
                .executeUpdate()
                .map(updated -> updated == 1));
    }
}
