package dev.shopreviews.ratings.report.service;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Why a visitor reports a review: the fixed list the public page and the widget offer. Only {@link #ILLEGAL} hides
 * the review until the moderators decide; the others leave it visible while they look.
 */
public enum ReportReason {
    SPAM("spam"),
    OFFENSIVE("offensive"),
    ILLEGAL("illegal"),
    PERSONAL_DATA("personal_data"),
    OFF_TOPIC("off_topic"),
    OTHER("other");

    /** The list as the 400 answer names it. */
    public static final String LIST = Arrays.stream(values()).map(ReportReason::value).collect(Collectors.joining(", "));

    private final String value;

    ReportReason(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    public static Optional<ReportReason> parse(String value) {
        return Arrays.stream(values()).filter(reason -> reason.value.equals(value)).findFirst();
    }
}
