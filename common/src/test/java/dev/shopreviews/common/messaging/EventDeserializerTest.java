package dev.shopreviews.common.messaging;

import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.ReviewLinkIssued;
import dev.shopreviews.common.events.ReviewLinkRevoked;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.ReviewLink;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every incoming channel reads its records with this deserializer: each topic's value as the topic's one event type. */
class EventDeserializerTest {
    private final EventDeserializer deserializer = new EventDeserializer();

    @Test
    void whatTheOutboxWritesIsReadBackAsTheTopicsType() {
        OrderConfirmed confirmed = new OrderConfirmed("e-1", OrderConfirmed.TYPE, Instant.parse("2026-11-25T10:15:30.123456Z"),
                7, "A-1", "ann@example.com");
        assertEquals(confirmed, read(Topics.ORDERS_CONFIRMED.name(), EventJson.write(confirmed)));
    }

    @Test
    void reviewLinksCarryTwoEventsToldApartByTheirType() {
        ReviewLink link = new ReviewLink(7, 11, "A-1", "ann@example.com", "Ann", "nl", List.of(), 1_900_000_000L);
        ReviewLinkIssued issued = new ReviewLinkIssued("e-2", ReviewLinkIssued.TYPE, Instant.now(), "ab".repeat(32), link);
        ReviewLinkRevoked revoked = new ReviewLinkRevoked("e-3", ReviewLinkRevoked.TYPE, Instant.now(), 7, 11);
        assertEquals(issued, read(Topics.REVIEW_LINKS.name(), EventJson.write(issued)));
        assertInstanceOf(ReviewLinkRevoked.class, read(Topics.REVIEW_LINKS.name(), EventJson.write(revoked)));
        assertRefused(Topics.REVIEW_LINKS.name(), "{\"event_id\":\"e-4\",\"type\":\"review_link.renamed\"}", "malformed review-links event");
    }

    @Test
    void numbersAndTextAreNeverCoercedIntoAnotherType() {
        String rating = "{\"event_id\":\"e\",\"webshop_id\":7,\"rating\":%s}";
        assertRefused(Topics.REVIEWS_SUBMITTED.name(), rating.formatted("4.5"), "malformed reviews.submitted event");
        assertRefused(Topics.REVIEWS_SUBMITTED.name(), rating.formatted("\"4\""), "malformed reviews.submitted event");
        assertRefused(Topics.REVIEWS_SUBMITTED.name(), rating.formatted("4294967301"), "malformed reviews.submitted event");
        assertEquals(4, ((dev.shopreviews.common.events.ReviewSubmitted) read(Topics.REVIEWS_SUBMITTED.name(),
                rating.formatted("4"))).rating());
    }

    @Test
    void unreadableValuesFailWithTheReasonTheDeadLetterKeeps() {
        assertRefused(Topics.ORDERS_CONFIRMED.name(), "{not json", "malformed JSON");
        assertRefused(Topics.ORDERS_CONFIRMED.name(), "[1,2]", "not a JSON object");
        assertRefused(Topics.ORDERS_CONFIRMED.name(), "{\"order_number\":\"A\\u0000B\"}", "Invalid value for order_number");
        assertRefused("no.such.topic", "{}", "no event type for topic no.such.topic");
    }

    /** Names, addresses and order numbers are one line at the edge (common rules), so on the topic too; free text keeps its line breaks. */
    @Test
    void aLineBreakInASingleLineFieldIsRefusedWithTheEdgesTextAndFreeTextKeepsIt() {
        String consent = "{\"event_id\":\"e-6\",\"type\":\"consent.recorded\",\"webshop_id\":7,\"order_number\":\"A-1\","
                + "\"choice\":\"ask_later\",\"email\":\"ann@example.com\",\"first_name\":%s}";
        assertRefused(Topics.CONSENTS_RECORDED.name(), consent.formatted("\"Ann\\nBcc: x@example.com\""),
                "Invalid value for first_name: must be a single line.");
        assertEquals("Ann", ((ConsentRecorded) read(Topics.CONSENTS_RECORDED.name(), consent.formatted("\"Ann\""))).firstName());
        assertRefused(Topics.ORDERS_CONFIRMED.name(), "{\"event_id\":\"e-7\",\"webshop_id\":7,\"order_number\":\"A-1\\r\\nX\"}",
                "Invalid value for order_number: must be a single line.");
        assertRefused(Topics.ORDERS_CONFIRMED.name(), "{\"event_id\":\"e-8\",\"webshop_id\":7,\"email\":\"ann@example.com\\tx\"}",
                "Invalid value for email: must be a single line.");
        ReviewLink link = new ReviewLink(7, 11, "A-1", "ann@example.com", "Ann\nBcc: x@example.com", "nl", List.of(), 1_900_000_000L);
        assertRefused(Topics.REVIEW_LINKS.name(), EventJson.write(new ReviewLinkIssued("e-9", ReviewLinkIssued.TYPE, Instant.now(),
                "ab".repeat(32), link)), "Invalid value for link.customer_name: must be a single line.");
        // free text: a review's comment and the operator's public reason may span lines
        String submitted = "{\"event_id\":\"e-10\",\"webshop_id\":7,\"name\":\"Jan\",\"comment\":\"Good.\\nFast.\"}";
        assertEquals("Good.\nFast.", ((ReviewSubmitted) read(Topics.REVIEWS_SUBMITTED.name(), submitted)).comment());
        String hidden = "{\"event_id\":\"e-11\",\"webshop_id\":7,\"hidden_reason\":\"Not a customer.\\nChecked.\"}";
        assertEquals("Not a customer.\nChecked.", ((ReviewChanged) read(Topics.REVIEWS_UPDATED.name(), hidden)).hiddenReason());
    }

    @Test
    void unknownFieldsAreIgnoredAndTombstonesStayNull() {
        Object read = read(Topics.ORDERS_CONFIRMED.name(), "{\"event_id\":\"e-5\",\"webshop_id\":7,\"added_later\":true}");
        assertEquals("e-5", ((OrderConfirmed) read).eventId());
        assertNull(deserializer.deserialize(Topics.WEBSHOPS.name(), null));
    }

    private Object read(String topic, String json) {
        return deserializer.deserialize(topic, json.getBytes(StandardCharsets.UTF_8));
    }

    private void assertRefused(String topic, String json, String reasonStart) {
        SerializationException failure = assertThrows(SerializationException.class, () -> read(topic, json));
        assertTrue(failure.getMessage().startsWith(reasonStart), failure.getMessage());
    }
}
