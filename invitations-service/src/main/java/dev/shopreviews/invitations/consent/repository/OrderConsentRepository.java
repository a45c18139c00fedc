package dev.shopreviews.invitations.consent.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Table order_consent (one row per webshop + order). Call inside a session or transaction. */
@ApplicationScoped
public class OrderConsentRepository {

    public Uni<OrderConsent> find(long webshopId, String orderNumber) {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select new dev.shopreviews.invitations.consent.repository.OrderConsent(
                            webshopId, orderNumber, choice, inviteDelayDays)
                        from OrderConsentRow where webshopId = ?1 and orderNumber = ?2""", OrderConsent.class)
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .getSingleResultOrNull());
    }

    /**
     * Stores the choice. A later event for the same order replaces an "ask later" choice; once the review was
     * written in the pop-up that choice stays (a written review cannot be unwritten).
     */
    public Uni<Void> upsert(long webshopId, String orderNumber, String choice, int inviteDelayDays, String email,
                            Instant recordedAt) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into order_consent (webshop_id, order_number, choice, invite_delay_days, email, recorded_at)
                        values (?1, ?2, ?3, ?4, ?5, ?6)
                        on conflict (webshop_id, order_number) do update set
                            choice = case when order_consent.choice = 'review_written' then order_consent.choice
                                          else excluded.choice end,
                            invite_delay_days = excluded.invite_delay_days,
                            email = coalesce(excluded.email, order_consent.email),
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

    /** Marks the order confirmed; true only for the one call that did so (orders.confirmed goes out once per order). */
    public Uni<Boolean> markConfirmed(long webshopId, String orderNumber, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "update order_consent set confirmed_at = ?3 where webshop_id = ?1 and order_number = ?2 and confirmed_at is null")
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .setParameter(3, at)
                .executeUpdate()
                .map(updated -> updated == 1));
    }
}
