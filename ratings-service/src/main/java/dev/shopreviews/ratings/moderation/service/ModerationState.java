package dev.shopreviews.ratings.moderation.service;

import dev.shopreviews.ratings.dashboard.repository.ReviewReport;
import dev.shopreviews.ratings.dashboard.repository.ReviewReports;
import dev.shopreviews.ratings.review.repository.Review;

import java.util.Arrays;
import java.util.Optional;

/**
 * The queues of the moderation console; a review can be in more than one (held and quarantined). Reported: the
 * review has an open report (its owner or a visitor asked the operator to look at it) until an operator decides on it.
 */
public enum ModerationState {
    QUARANTINED("quarantined", "quarantine = true"),
    HELD("held", "held = true"),
    HIDDEN("hidden", "hiddenReason is not null"),
    REPORTED("reported", ReviewReports.OPEN_CONDITION);

    public static final String PUBLISHED = "published";
    public static final String DELETED = "deleted";

    private final String value;
    private final String condition;

    ModerationState(String value, String condition) {
        this.value = value;
        this.condition = condition;
    }

    public String value() {
        return value;
    }

    /** The HQL condition on a {@link Review} in this queue (deletion aside). */
    public String condition() {
        return condition;
    }

    public static Optional<ModerationState> parse(String value) {
        return Arrays.stream(values()).filter(state -> state.value.equals(value)).findFirst();
    }

    /**
     * One state per review for the console, the one that decides its visibility first: deleted, quarantined, held,
     * hidden, else published.
     */
    public static String of(Review review) {
        return of(review, null);
    }

    /**
     * As {@link #of(Review)} with the review's open report (or null): reported comes after held (a quarantined or
     * held review is not public anyway) and before hidden (the owner asks for more than the notice).
     */
    public static String of(Review review, ReviewReport openReport) {
        if (review.deletedAt != null) {
            return DELETED;
        }
        if (review.quarantine) {
            return QUARANTINED.value;
        }
        if (review.held) {
            return HELD.value;
        }
        if (openReport != null) {
            return REPORTED.value;
        }
        return review.hidden() ? HIDDEN.value : PUBLISHED;
    }

    /** The reason the console shows: the hidden reason of a hidden review, else the quarantine reason (or null). */
    public static String reason(Review review) {
        return reason(review, null);
    }

    /** As {@link #reason(Review)}; for a review in the reported state the report's reason. */
    public static String reason(Review review, ReviewReport openReport) {
        if (REPORTED.value.equals(of(review, openReport))) {
            return openReport.describe();
        }
        return review.hidden() ? review.hiddenReason : review.quarantineReason;
    }
}
