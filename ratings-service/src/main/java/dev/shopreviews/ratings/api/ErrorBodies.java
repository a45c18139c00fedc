package dev.shopreviews.ratings.api;

import dev.shopreviews.common.api.PathErrorBody;
import dev.shopreviews.ratings.ratings.rest.RatingsError;
import dev.shopreviews.ratings.summary.rest.RatingsSummaryAnswer;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The error bodies of this service's endpoints that carry fields on error, for errors found before they run. */
@Singleton
public class ErrorBodies {
    @Produces
    @Singleton
    PathErrorBody ratings() {
        return new PathErrorBody("/api/1.0/ratings.json", RatingsError::of);
    }

    @Produces
    @Singleton
    PathErrorBody summary() {
        return new PathErrorBody("/api/1.0/ratings_summary.json", RatingsSummaryAnswer::error);
    }
}
