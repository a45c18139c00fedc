package dev.shopreviews.ratings.privacy.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** Erased reviews' addresses kept for the shops' copies ({@link ErasedReviewAddress}). */
@ApplicationScoped
public class ErasedReviewAddresses implements PanacheRepositoryBase<ErasedReviewAddress, Long> {

    /** Keeps the address of one erased review; a review erased again keeps its first row. */
    public Uni<Void> keep(long reviewId, long webshopId, String email, Instant erasedAt) {
        return findById(reviewId).chain(existing -> {
            if (existing != null) {
                return Uni.createFrom().voidItem();
            }
            ErasedReviewAddress kept = new ErasedReviewAddress();
            kept.reviewId = reviewId;
            kept.webshopId = webshopId;
            kept.email = email;
            kept.erasedAt = erasedAt;
            return persist(kept).replaceWithVoid();
        });
    }

    /** The rows that still hold this address (the person's export), oldest erasure first. */
    public Uni<List<ErasedReviewAddress>> ofEmail(String email) {
        return list("lower(email) = ?1 order by erasedAt, reviewId", email == null ? "" : email.trim().toLowerCase(Locale.ROOT));
    }

    /** Retention: forgets the addresses of reviews erased before {@code cutoff}. */
    public Uni<Long> deleteErasedBefore(Instant cutoff) {
        return delete("erasedAt < ?1", cutoff);
    }
}
