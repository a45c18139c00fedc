package dev.shopreviews.ratings.feed.repository;

import dev.shopreviews.ratings.feed.service.FeedEntry;
import dev.shopreviews.ratings.feed.service.FeedQuery;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * Reads the feed's product reviews one keyset page at a time (ordered by product review id), so a feed of any
 * size is never held in memory. Held reviews and product reviews without text never appear (except, in the
 * detailed feed, those of erased reviews, reported as deleted); the plain feed also leaves out quarantined, hidden
 * and deleted ones. Imported reviews appear only when their source collected them as verified purchases.
 */
@ApplicationScoped
public class FeedEntries {

    public Uni<List<FeedEntry>> page(FeedQuery query, long afterId, int size) {
        StringBuilder hql = new StringBuilder("select p.id, r.id, p.productId, p.name, p.url, p.sku, p.gtin, p.rating, p.text, "
                + "r.name, r.email, r.createdAt, r.modifiedAt, r.quarantine, r.deletedAt, r.erasedAt, r.hiddenReason, "
                + "r.origin, r.verified, r.incentivized, r.language, r.country "
                + "from ProductReview p, Review r where r.id = p.reviewId and p.webshopId = :shop and p.id > :after "
                + "and r.held = false "
                // Imported reviews only when their source collected them as verified purchases (docs/api-notes.md).
                + "and (r.importSource is null or r.importVerifiedPurchase = true)");
        if (query.detailed()) {
            // An erased review's product texts are gone; it is still reported, as deleted.
            hql.append(" and (p.text is not null or r.erasedAt is not null)");
        } else {
            // Hidden reviews' product texts are left out of the public feed.
            hql.append(" and p.text is not null and r.quarantine = false and r.deletedAt is null and r.hiddenReason is null");
        }
        if (query.changedAfter() != null) {
            hql.append(" and r.modifiedAt > :changedAfter");
        }
        hql.append(" order by p.id");
        return Panache.getSession().chain(session -> {
            var select = session.createSelectionQuery(hql.toString(), Object[].class)
                    .setParameter("shop", query.webshopId())
                    .setParameter("after", afterId)
                    .setMaxResults(size);
            if (query.changedAfter() != null) {
                select.setParameter("changedAfter", query.changedAfter());
            }
            return select.getResultList();
        }).map(rows -> rows.stream().map(FeedEntries::entry).toList());
    }

    private static FeedEntry entry(Object[] row) {
        return new FeedEntry((Long) row[0], (Long) row[1], (String) row[2], (String) row[3], (String) row[4],
                (String) row[5], (String) row[6], ((Number) row[7]).intValue(), (String) row[8], (String) row[9],
                (String) row[10], (Instant) row[11], (Instant) row[12], (Boolean) row[13], (Instant) row[14], row[15] != null,
                (String) row[16], (String) row[17], (Boolean) row[18], (Boolean) row[19], (String) row[20],
                (String) row[21]);
    }
}
