package dev.shopreviews.ratings.review.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/** Queries on reviews. "Visible" means: not deleted and, for public callers, neither held nor quarantined. */
@ApplicationScoped
public class ReviewRepository implements PanacheRepository<Review> {

    public record Filter(long webshopId, String language, boolean publicOnly) {
    }

    public Uni<List<Review>> newest(Filter filter, int offset, int limit) {
        return find(where(filter), Sort.descending("createdAt", "id"), parameters(filter))
                .range(offset, offset + limit - 1).list();
    }

    public Uni<Long> total(Filter filter) {
        return count(where(filter), parameters(filter));
    }

    /** A webshop's own, not deleted review; null for an unknown review or another shop's review. */
    public Uni<Review> ofWebshop(long webshopId, long reviewId) {
        return find("id = ?1 and webshopId = ?2 and deletedAt is null", reviewId, webshopId).firstResult();
    }

    /** Held pop-up reviews of an order, waiting for the shop's confirmation. */
    public Uni<List<Review>> heldForOrder(long webshopId, String orderNumber) {
        return list("webshopId = ?1 and orderNumber = ?2 and held = true and deletedAt is null", webshopId, orderNumber);
    }

    public Uni<Boolean> duplicateText(long webshopId, String commentHash) {
        return count("webshopId = ?1 and commentHash = ?2 and deletedAt is null", webshopId, commentHash)
                .map(count -> count > 0);
    }

    public Uni<Long> fromClientSince(long webshopId, String clientAddress, Instant since) {
        return count("webshopId = ?1 and clientAddress = ?2 and createdAt >= ?3", webshopId, clientAddress, since);
    }

    /** Takes the webshop's row lock so changes of one webshop (and the summaries they emit) are serialised. */
    public Uni<Void> lockWebshop(long webshopId) {
        return Panache.getSession().chain(session -> session
                .createNativeQuery("select id from webshop_replica where id = ?1 for update", Long.class)
                .setParameter(1, webshopId).getResultList()).replaceWithVoid();
    }

    private static String where(Filter filter) {
        StringBuilder where = new StringBuilder("webshopId = :shop and deletedAt is null");
        if (filter.language() != null && !filter.language().isEmpty()) {
            where.append(" and language = :language");
        }
        if (filter.publicOnly()) {
            where.append(" and held = false and quarantine = false");
        }
        return where.toString();
    }

    private static Parameters parameters(Filter filter) {
        Parameters parameters = Parameters.with("shop", filter.webshopId());
        if (filter.language() != null && !filter.language().isEmpty()) {
            parameters.and("language", filter.language());
        }
        return parameters;
    }
}
