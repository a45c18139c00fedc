package dev.shopreviews.invitations.erasure.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** The retention clean-up's deletes (docs/privacy.md, Retention). Call inside a transaction. */
@ApplicationScoped
public class RetentionStatements {

    /** Invitations never answered with a review (sent, failed, opted out) added before {@code cutoff}. */
    public Uni<Integer> deleteUnansweredInvitationsBefore(Instant cutoff) {
        return delete("delete from invitation where state in ('sent', 'failed', 'opted_out') and created_at < ?1", cutoff);
    }

    public Uni<Integer> deleteOrderConsentsBefore(Instant cutoff) {
        return delete("delete from order_consent where recorded_at < ?1", cutoff);
    }

    /** Review links that expired before {@code cutoff}. */
    public Uni<Integer> deleteReviewLinksExpiredBefore(Instant cutoff) {
        return delete("delete from review_link where expires_at < ?1", cutoff);
    }

    /** Shop platforms' delivery ids received before {@code cutoff} (they only stop a platform's retries). */
    public Uni<Integer> deleteShopPlatformDeliveriesBefore(Instant cutoff) {
        return delete("delete from shop_platform_delivery where received_at < ?1", cutoff);
    }

    /** Shop platforms' order claims received before {@code cutoff} (an order number and the add's outcome). */
    public Uni<Integer> deleteShopPlatformOrdersBefore(Instant cutoff) {
        return delete("delete from shop_platform_order where received_at < ?1", cutoff);
    }

    private static Uni<Integer> delete(String sql, Instant cutoff) {
        return Panache.getSession().chain(session -> session.createNativeQuery(sql)
                .setParameter(1, cutoff)
                .executeUpdate());
    }
}
