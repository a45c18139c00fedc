package dev.shopreviews.ratings.review.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Collection;
import java.util.Set;
import java.util.stream.Collectors;

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

    /** Of these order numbers, the ones these webshops confirmed. */
    public Uni<Set<WebshopKey>> confirmed(Collection<Long> webshopIds, Collection<String> orderNumbers) {
        if (webshopIds.isEmpty() || orderNumbers.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select webshop_id, order_number from order_confirmation "
                                + "where webshop_id = any(?1) and order_number = any(?2)", Object[].class)
                .setParameter(1, webshopIds.toArray(Long[]::new)).setParameter(2, orderNumbers.toArray(String[]::new))
                .getResultList())
                .map(rows -> rows.stream().map(row -> new WebshopKey(((Number) row[0]).longValue(), (String) row[1]))
                        .collect(Collectors.toSet()));
    }
}
