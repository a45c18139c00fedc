package dev.shopreviews.ratings.moderation.service;

import dev.shopreviews.ratings.review.repository.Review;

import java.util.Arrays;
import java.util.Optional;

/** The queues of the moderation console; a review can be in more than one (held and quarantined). */
public enum ModerationState {
    QUARANTINED("quarantined", "quarantine = true"),
    HELD("held", "held = true"),
    HIDDEN("hidden", "hiddenReason is not null");

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
        if (review.deletedAt != null) {
            return DELETED;
        }
        if (review.quarantine) {
            return QUARANTINED.value;
        }
        if (review.held) {
            return HELD.value;
        }
        return review.hidden() ? HIDDEN.value : PUBLISHED;
    }

    /** The reason the console shows: the hidden reason of a hidden review, else the quarantine reason (or null). */
    public static String reason(Review review) {
        return review.hidden() ? review.hiddenReason : review.quarantineReason;
    }
}
