package dev.shopreviews.ratings.review.repository;

import dev.shopreviews.common.privacy.EmailHash;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
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

    /** A confirmation as the reviewer's export shows it. */
    public record Confirmation(long webshopId, String orderNumber, String email, Instant confirmedAt) {
    }

    /** The confirmations of orders for this e-mail address (stored lower case), oldest first. */
    public Uni<List<Confirmation>> ofEmail(String email) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select webshop_id, order_number, email, confirmed_at from order_confirmation where email = ?1 "
                                + "order by confirmed_at, webshop_id, order_number", Object[].class)
                .setParameter(1, email.trim().toLowerCase(Locale.ROOT))
                .getResultList())
                .map(rows -> rows.stream().map(row -> new Confirmation(((Number) row[0]).longValue(), (String) row[1],
                        (String) row[2], instant(row[3]))).toList());
    }

    /** Deletes the confirmations for the address of this {@code EmailHash}, of one webshop or every one (0). */
    public Uni<Integer> eraseFor(String emailHash, long webshopId) {
        return Panache.getSession().chain(session -> session.createNativeQuery("delete from order_confirmation where "
                                + String.format(EmailHash.SQL, "email") + " = ?1 and (cast(?2 as bigint) = 0 or webshop_id = ?2)")
                .setParameter(1, emailHash).setParameter(2, webshopId).executeUpdate());
    }

    private static Instant instant(Object value) {
        if (value instanceof Instant instant) {
            return instant;
        }
        if (value instanceof java.time.OffsetDateTime offset) {
            return offset.toInstant();
        }
        if (value instanceof java.sql.Timestamp timestamp) {
            return timestamp.toInstant();
        }
        return value == null ? null : Instant.parse(value.toString());
    }
}
