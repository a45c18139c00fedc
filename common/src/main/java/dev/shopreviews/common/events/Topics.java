package dev.shopreviews.common.events;

/** Kafka topic names of DESIGN.md; deploy/local/kafka/topics.txt and deploy/k8s declare the same list. */
public final class Topics {
    public static final String WEBSHOPS = "webshops";
    public static final String CONSENTS_RECORDED = "consents.recorded";
    public static final String REVIEWS_SUBMITTED = "reviews.submitted";
    public static final String REVIEWS_SUBMITTED_DLQ = "reviews.submitted.dlq";
    public static final String REVIEWS_CREATED = "reviews.created";
    public static final String REVIEWS_UPDATED = "reviews.updated";
    public static final String REVIEWS_DELETED = "reviews.deleted";
    public static final String RATINGS_SUMMARY = "ratings.summary";
    public static final String ORDERS_CONFIRMED = "orders.confirmed";
    /** Issued and revoked review-link references (invitations-service to embed-service), key = invitation id. */
    public static final String REVIEW_LINKS = "review-links";

    private Topics() {
    }
}
