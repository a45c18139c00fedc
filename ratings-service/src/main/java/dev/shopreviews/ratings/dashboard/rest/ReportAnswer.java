package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.ratings.dashboard.repository.ReviewReport;

import java.time.Instant;

/** {@code POST …/reviews/{review}/report}: the stored report. */
@JsonPropertyOrder({"status", "message", "report"})
public record ReportAnswer(String status, String message, Report report) {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"id", "review_id", "source", "reason", "created"})
    public record Report(long id, long reviewId, String source, String reason, Instant created) {
        static Report of(ReviewReport report) {
            return new Report(report.id, report.reviewId, report.source, report.reason, report.createdAt);
        }
    }
}
