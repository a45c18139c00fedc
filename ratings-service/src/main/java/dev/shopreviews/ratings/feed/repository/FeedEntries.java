package dev.shopreviews.ratings.feed.repository;

import dev.shopreviews.ratings.feed.service.FeedCursor;
import dev.shopreviews.ratings.feed.service.FeedEntry;
import dev.shopreviews.ratings.feed.service.FeedQuery;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * Reads the feed's product reviews one keyset page at a time, so a feed of any size is never held in memory: the
 * plain feed in product review id order, the detailed (sync) feed most recently modified first, on (review
 * modified, product review id) descending, so its first review carries the newest {@code modified} (the value a
 * client sends back as {@code last_synced}). Held reviews and product reviews without text never appear (except, in the
 * detailed feed, those of erased reviews, reported as deleted); the plain feed also leaves out quarantined, hidden
 * and deleted ones. Imported reviews appear only when their source collected them as verified purchases.
 */
@ApplicationScoped
public class FeedEntries {

    public Uni<List<FeedEntry>> page(FeedQuery query, FeedCursor after, int size) {
        StringBuilder hql = new StringBuilder("select p.id, r.id, p.productId, p.name, p.url, p.sku, p.gtin, p.rating, p.text, "
                + "r.name, " + (query.detailed() ? "coalesce(e.email, r.email)" : "r.email") + ", r.createdAt, r.modifiedAt, "
                + "r.quarantine, r.deletedAt, r.erasedAt, r.hiddenReason, r.origin, r.verified, r.incentivized, r.language, "
                + "r.country from ProductReview p join Review r on r.id = p.reviewId ");
        if (query.detailed()) {
            // An erased review's address, kept for a while so the shop can find and delete its copy (GDPR Art. 19).
            hql.append("left join ErasedReviewAddress e on e.reviewId = r.id ");
        }
        hql.append("where p.webshopId = :shop and r.webshopId = :shop and r.held = false "
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
        hql.append(keyset(query, after));
        return Panache.getSession().chain(session -> {
            var select = session.createSelectionQuery(hql.toString(), Object[].class)
                    .setParameter("shop", query.webshopId())
                    .setMaxResults(size);
            if (query.changedAfter() != null) {
                select.setParameter("changedAfter", query.changedAfter());
            }
            if (!after.first()) {
                select.setParameter("afterId", after.id());
                if (query.detailed()) {
                    select.setParameter("afterModified", after.modifiedAt());
                }
            }
            return select.getResultList();
        }).map(rows -> rows.stream().map(FeedEntries::entry).toList());
    }

    /** The page's start and order: by id for the plain feed, by (modified, id) descending for the detailed one. */
    private static String keyset(FeedQuery query, FeedCursor after) {
        if (!query.detailed()) {
            return (after.first() ? "" : " and p.id > :afterId") + " order by p.id";
        }
        String start = after.first() ? ""
                : " and (r.modifiedAt < :afterModified or (r.modifiedAt = :afterModified and p.id < :afterId))";
        return start + " order by r.modifiedAt desc, p.id desc";
    }

    private static FeedEntry entry(Object[] row) {
        return new FeedEntry((Long) row[0], (Long) row[1], (String) row[2], (String) row[3], (String) row[4],
                (String) row[5], (String) row[6], ((Number) row[7]).intValue(), (String) row[8], (String) row[9],
                (String) row[10], (Instant) row[11], (Instant) row[12], (Boolean) row[13], (Instant) row[14], row[15] != null,
                (String) row[16], (String) row[17], (Boolean) row[18], (Boolean) row[19], (String) row[20],
                (String) row[21]);
    }
}
