package dev.shopreviews.ratings.ratings.service;

import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/** Ratings retrieve (spec 4.3): newest first, with the total of the matching reviews. */
@ApplicationScoped
public class Ratings {
    private final ReviewRepository reviews;

    public Ratings(ReviewRepository reviews) {
        this.reviews = reviews;
    }

    public record Page(long total, List<RatingsItem> items) {
    }

    /**
     * {@code publicView}: a public_code caller; held and quarantined reviews are left out and e-mail addresses
     * are empty.
     */
    public Uni<Page> page(long webshopId, String language, boolean publicView, int offset, int limit) {
        ReviewRepository.Filter filter = new ReviewRepository.Filter(webshopId, language, publicView);
        return reviews.total(filter).chain(total -> reviews.newest(filter, offset, limit)
                .map(found -> new Page(total, found.stream().map(review -> RatingsItem.of(review, publicView)).toList())));
    }
}
