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

    /** Records the confirmation of the order for this e-mail address; idempotent. */
    public Uni<Void> remember(ConfirmedOrder order, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into order_confirmation(webshop_id, order_number, email, confirmed_at) values (?1, ?2, ?3, ?4) "
                                + "on conflict do nothing")
                .setParameter(1, order.webshopId()).setParameter(2, order.orderNumber()).setParameter(3, order.email())
                .setParameter(4, at)
                .executeUpdate()).replaceWithVoid();
    }

    /** Of these order numbers, the ones these webshops confirmed, with the e-mail address each was confirmed for. */
    public Uni<Set<ConfirmedOrder>> confirmed(Collection<Long> webshopIds, Collection<String> orderNumbers) {
        if (webshopIds.isEmpty() || orderNumbers.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select webshop_id, order_number, email from order_confirmation "
                                + "where webshop_id = any(?1) and order_number = any(?2)", Object[].class)
                .setParameter(1, webshopIds.toArray(Long[]::new)).setParameter(2, orderNumbers.toArray(String[]::new))
                .getResultList())
                .map(rows -> rows.stream().map(row -> new ConfirmedOrder(((Number) row[0]).longValue(), (String) row[1],
                                (String) row[2]))
                        .collect(Collectors.toSet()));
    }
}
