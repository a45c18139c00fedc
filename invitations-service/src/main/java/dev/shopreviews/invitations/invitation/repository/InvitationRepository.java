package dev.shopreviews.invitations.invitation.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.LockMode;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Locale;

/** Invitation rows. Call inside a session (reads) or a transaction (writes). */
@ApplicationScoped
public class InvitationRepository implements PanacheRepository<Invitation> {

    /** What an add did. LIMIT_REACHED only from {@link InvitationIntake#addWithinLimit}. */
    public enum AddOutcome { QUEUED, ALREADY_USED, REVIEW_WRITTEN, LIMIT_REACHED }

    /**
     * Adds the invitation inside the caller's transaction, for an order whose review was written in the pop-up
     * (every other add goes through {@link InvitationIntake}): the database function add_invitation (migration V3)
     * takes the order's lock, applies its consent and inserts unless the webshop+email+order combination was used
     * before. Answer {@code REVIEW_WRITTEN}: the row is stored with that state, and the caller must confirm the order
     * in the same transaction. Any other answer is that of a usual add (ALREADY_USED: a concurrent add came first).
     */
    public Uni<AddOutcome> addInTransaction(Invitation row) {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select cast(function('add_invitation', ?1, ?2, ?3, ?4, cast(?5 as Integer), ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
                            ?14) as String)""", String.class)
                .setParameter(1, row.webshopId)
                .setParameter(2, row.email)
                .setParameter(3, row.orderNumber)
                .setParameter(4, row.language)
                .setParameter(5, row.delayDays)
                .setParameter(6, row.customerName)
                .setParameter(7, row.phoneNumbers)
                .setParameter(8, row.orderTotal)
                .setParameter(9, row.products)
                .setParameter(10, row.client)
                .setParameter(11, row.platformVersion)
                .setParameter(12, row.pluginVersion)
                .setParameter(13, row.createdAt)
                .setParameter(14, true)
                .getSingleResult()
                .map(outcome -> AddOutcome.valueOf(outcome.toUpperCase(Locale.ROOT))));
    }

    /**
     * A review was written through the invitation's link (reviews.created): records when, once. The webshop must
     * match, so an event can only ever mark its own shop's invitation. Call inside a transaction.
     */
    public Uni<Void> markReviewed(long invitationId, long webshopId, Instant at) {
        return update("reviewedAt = ?1 where id = ?2 and webshopId = ?3 and reviewedAt is null", at, invitationId, webshopId)
                .replaceWithVoid();
    }

    /** The ids among {@code page} whose customer wrote the review in the consent pop-up, for the invitation's address. */
    public Uni<Set<Long>> reviewedInPopup(List<Invitation> page) {
        if (page.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        return getSession().chain(session -> session.createSelectionQuery("""
                        select i.id from Invitation i where i.id in (:ids) and i.orderNumber <> '' and exists (
                            select 1 from OrderConsentRow c where c.webshopId = i.webshopId and c.orderNumber = i.orderNumber
                                and c.emailKey = lower(i.email) and c.choice = 'review_written')""", Long.class)
                .setParameter("ids", page.stream().map(i -> i.id).toList())
                .getResultList()
                .map(HashSet::new));
    }

    /** Whether the invitation exists, locked FOR SHARE until the end of the caller's transaction. */
    public Uni<Boolean> lockShared(long invitationId) {
        return getSession().chain(session -> session.find(Invitation.class, invitationId, LockMode.PESSIMISTIC_READ))
                .map(found -> found != null);
    }

    /** Newest first (spec 4.2): skips {@code offset} invitations, answers at most {@code limit}. */
    public Uni<List<Invitation>> newest(long webshopId, int offset, int limit) {
        return find("webshopId = ?1 order by createdAt desc, id desc", webshopId)
                .range(offset, offset + limit - 1)
                .list();
    }

    /**
     * Serialises everything that decides about one order of one webshop (adding its invitation, recording its
     * consent) until the end of the transaction, so a consent and an invitation arriving together never miss each other.
     * The database function lock_order (migration V3) is the one definition of the lock's key.
     */
    public Uni<Void> lockOrder(long webshopId, String orderNumber) {
        return Panache.getSession().chain(session -> session
                // Run as an "update": Hibernate Reactive never caches a native select's plan (docs/operations.md, Known issues).
                .createNativeQuery("select lock_order(?1, ?2)")
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .executeUpdate()
                .replaceWithVoid());
    }
}
