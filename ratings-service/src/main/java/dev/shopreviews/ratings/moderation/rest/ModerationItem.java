package dev.shopreviews.ratings.moderation.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.ratings.dashboard.repository.ReviewReport;
import dev.shopreviews.ratings.moderation.service.ModerationState;
import dev.shopreviews.ratings.review.repository.Review;

import java.time.Instant;

/**
 * A review as the moderators see it: the reviewer's own comment (never the public notice), state and reason, and its
 * open report (null without one): who asked the operator to look at it, when and why. {@code import_source}: the
 * provider an imported review came from (null for our own reviews), so moderators see what we did not collect.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ModerationItem(long reviewId, long webshopId, int rating, String name, String comment, Instant created,
                             String state, String reason, boolean verified, Report report,
                             String importSource) {

    /**
     * {@code source}: owner or visitor; {@code reporter}: as the audit log names actors (owner:&lt;id&gt;, visitor);
     * {@code category}: a visitor's reason from the fixed list (null for an owner); {@code reason}: the owner's
     * reason, or the visitor's category and text.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Report(String source, String reason, String reporter, Instant created, String category) {
        static Report of(ReviewReport report) {
            return report == null ? null
                    : new Report(report.source, report.describe(), report.reporter, report.createdAt, report.category);
        }
    }

    static ModerationItem of(Review review, ReviewReport openReport) {
        return new ModerationItem(review.id, review.webshopId, review.rating, review.name, review.comment,
                review.createdAt, ModerationState.of(review, openReport), ModerationState.reason(review, openReport),
                review.verified, Report.of(openReport), review.importSource);
    }
}
