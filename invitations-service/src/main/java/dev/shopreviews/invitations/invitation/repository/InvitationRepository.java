package dev.shopreviews.invitations.invitation.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Locale;

/** Invitation rows. Call inside a session (reads) or a transaction (writes). */
@ApplicationScoped
public class InvitationRepository implements PanacheRepository<Invitation> {

    /** What {@link #addApplyingConsent} did. */
    public enum AddOutcome { QUEUED, ALREADY_USED, REVIEW_WRITTEN }

    /**
     * Adds the invitation in one round trip, without a transaction of its own: the database function add_invitation
     * (migration V3) takes the order's lock, applies its consent ("ask me later" postpones) and inserts unless the
     * webshop+email+order combination was used before. For {@code REVIEW_WRITTEN} nothing was stored. The row's
     * state, delay and schedule are decided by the function. Call inside a session.
     */
    public Uni<AddOutcome> addApplyingConsent(Invitation row) {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select cast(function('add_invitation', ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                            as String)""", String.class)
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
                .getSingleResult()
                .map(outcome -> AddOutcome.valueOf(outcome.toUpperCase(Locale.ROOT))));
    }

    /**
     * Inserts the invitation unless its webshop+email+order combination exists (the unique index decides, so
     * concurrent identical requests insert exactly one row). Answers true when this call inserted it.
     */
    public Uni<Boolean> insertIfNew(Invitation row) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into invitation (webshop_id, email, order_number, language, delay_days, customer_name,
                            phone_numbers, order_total, products, client, platform_version, plugin_version, state,
                            created_at, scheduled_at, attempts, next_attempt_at)
                        values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, 0, ?16)
                        on conflict (webshop_id, lower(email), order_number) where order_number <> '' do nothing""")
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
                .setParameter(13, row.state.name())
                .setParameter(14, row.createdAt)
                .setParameter(15, row.scheduledAt)
                .setParameter(16, row.nextAttemptAt)
                .executeUpdate()
                .map(inserted -> inserted == 1));
    }

    /** Newest first (spec 4.2): skips {@code offset} invitations, answers at most {@code limit}. */
    public Uni<List<Invitation>> newest(long webshopId, int offset, int limit) {
        return find("webshopId = ?1 order by createdAt desc, id desc", webshopId)
                .range(offset, offset + limit - 1)
                .list();
    }

    /** The first invitation added for the order (any state), or null. */
    public Uni<Invitation> firstForOrder(long webshopId, String orderNumber) {
        return find("webshopId = ?1 and orderNumber = ?2 order by id", webshopId, orderNumber).firstResult();
    }

    /** Invitations of the order that still wait for their e-mail. */
    public Uni<List<Invitation>> waitingForOrder(long webshopId, String orderNumber) {
        return list("webshopId = ?1 and orderNumber = ?2 and state in ?3", webshopId, orderNumber,
                List.of(InvitationState.queued, InvitationState.retrying));
    }

    /**
     * Serialises everything that decides about one order of one webshop (adding its invitation, recording its
     * consent) until the end of the transaction, so a consent and an invitation arriving together never miss each other.
     * The database function lock_order (migration V3) is the one definition of the lock's key.
     */
    public Uni<Void> lockOrder(long webshopId, String orderNumber) {
        return Panache.getSession().chain(session -> session
                // Run as an "update": Hibernate Reactive never caches a native select's plan (README, Known issues).
                .createNativeQuery("select lock_order(?1, ?2)")
                .setParameter(1, webshopId)
                .setParameter(2, orderNumber)
                .executeUpdate()
                .replaceWithVoid());
    }
}
