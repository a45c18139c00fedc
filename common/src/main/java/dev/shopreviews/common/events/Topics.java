package dev.shopreviews.common.events;

import java.util.List;
import java.util.Optional;

/**
 * The Kafka topics of the suite and the event type of each (docs/architecture.md has who writes and who reads
 * them); deploy/local/kafka/topics.txt and deploy/k8s declare the same list. Every consumed topic also has a
 * dead-letter topic {@code <name>.dlq} of {@code DeadLetterEvent}s.
 */
public final class Topics {
    /** Compacted, key = webshop id: the webshop's current state (partner-service). */
    public static final EventTopic<WebshopSnapshot> WEBSHOPS = EventTopic.of("webshops", WebshopSnapshot.class);
    /** Key = webshop id and order number: a visitor's choice in the pop-up (embed-service). */
    public static final EventTopic<ConsentRecorded> CONSENTS_RECORDED = EventTopic.of("consents.recorded", ConsentRecorded.class);
    /** Key = webshop id: a review written in a browser (embed-service). */
    public static final EventTopic<ReviewSubmitted> REVIEWS_SUBMITTED = EventTopic.of("reviews.submitted", ReviewSubmitted.class);
    /** Key = webshop id: a stored review, as the spec's rating item (ratings-service). */
    public static final EventTopic<ReviewChanged> REVIEWS_CREATED = EventTopic.of("reviews.created", ReviewChanged.class);
    public static final EventTopic<ReviewChanged> REVIEWS_UPDATED = EventTopic.of("reviews.updated", ReviewChanged.class);
    public static final EventTopic<ReviewChanged> REVIEWS_DELETED = EventTopic.of("reviews.deleted", ReviewChanged.class);
    /** Compacted, key = webshop id: the webshop's averages (ratings-service). */
    public static final EventTopic<RatingsSummary> RATINGS_SUMMARY = EventTopic.of("ratings.summary", RatingsSummary.class);
    /** Key = webshop id: the shop confirmed an order's customer (invitations-service). */
    public static final EventTopic<OrderConfirmed> ORDERS_CONFIRMED = EventTopic.of("orders.confirmed", OrderConfirmed.class);
    /** Key = invitation id: review-link references issued and revoked (invitations-service). */
    public static final EventTopic<ReviewLinkEvent> REVIEW_LINKS = EventTopic.of("review-links", ReviewLinkEvent.class);

    /** Key = e-mail hash: erase what is stored about one address, at one webshop or every one (any service's API). */
    public static final EventTopic<CustomerErased> CUSTOMERS_ERASED = EventTopic.of("customers.erased", CustomerErased.class);

    /**
     * Compacted and kept two hours (sessions last one), key = account: sessions of an account ended (partner-service).
     * Every instance of every service reads all of it.
     */
    public static final EventTopic<SessionsEnded> SESSIONS_ENDED = EventTopic.of("sessions.ended", SessionsEnded.class);

    public static final List<EventTopic<?>> ALL = List.of(WEBSHOPS, CONSENTS_RECORDED, REVIEWS_SUBMITTED, REVIEWS_CREATED,
            REVIEWS_UPDATED, REVIEWS_DELETED, RATINGS_SUMMARY, ORDERS_CONFIRMED, REVIEW_LINKS, CUSTOMERS_ERASED, SESSIONS_ENDED);

    public static final String DEAD_LETTER_SUFFIX = ".dlq";

    private Topics() {
    }

    public static Optional<EventTopic<?>> named(String name) {
        return ALL.stream().filter(topic -> topic.name().equals(name)).findFirst();
    }

    /** The name of the topic that announces {@code topic}'s dead letters. */
    public static String deadLettersOf(String topic) {
        return topic + DEAD_LETTER_SUFFIX;
    }
}
