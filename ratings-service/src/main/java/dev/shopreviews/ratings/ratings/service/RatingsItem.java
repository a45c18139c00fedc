package dev.shopreviews.ratings.ratings.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.shopreviews.common.events.RatingItem;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.mapping.RatingItems;

/**
 * A ratings.json item: the spec's fields unchanged, then the import label (an extension): {@code imported}, and the
 * {@code import_source} of an imported review (null for our own reviews).
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record RatingsItem(@JsonUnwrapped RatingItem item, boolean imported,
                          @JsonProperty("import_source") String importSource) {
    static RatingsItem of(Review review, boolean hideEmail) {
        return new RatingsItem(RatingItems.of(review, hideEmail), review.imported(), review.importSource);
    }
}
