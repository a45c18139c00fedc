package dev.shopreviews.ratings.report.service;

/**
 * A visitor's checked report of a review: {@code text} may be empty; {@code lang} is the page's language (two
 * letters, "en" when the form named none), used only for the form's redirect.
 */
public record VisitorReport(long webshopId, long reviewId, ReportReason reason, String text, String lang) {
}
