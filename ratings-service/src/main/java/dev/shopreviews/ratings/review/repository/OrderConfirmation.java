package dev.shopreviews.ratings.review.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Orders the shop confirmed (topic orders.confirmed), remembered so a later pop-up review is verified at once. */
@ApplicationScoped
public class OrderConfirmation {

    /** Records the confirmation; idempotent. */
    public Uni<Void> remember(long webshopId, String orderNumber, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into order_confirmation(webshop_id, order_number, confirmed_at) values (?1, ?2, ?3) "
                                + "on conflict do nothing")
                .setParameter(1, webshopId).setParameter(2, orderNumber).setParameter(3, at)
                .executeUpdate()).replaceWithVoid();
    }

    public Uni<Boolean> isConfirmed(long webshopId, String orderNumber) {
        if (orderNumber == null || orderNumber.isEmpty()) {
            return Uni.createFrom().item(false);
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select count(*) from order_confirmation where webshop_id = ?1 and order_number = ?2", Long.class)
                .setParameter(1, webshopId).setParameter(2, orderNumber)
                .getSingleResult()).map(count -> count > 0);
    }
}
