package dev.shopreviews.common.events;

import dev.shopreviews.common.messaging.EventJson;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ReviewChanged.import_source: an extension on the event (not on the spec's rating item), null for our own reviews. */
class ReviewChangedTest {
    private static final RatingItem ITEM = new RatingItem(5, "Ann", "ann@example.com", "A-1", 4, new SubRatings(5, 4, 3, 4),
            "Fine", "2021-03-04", "NL", "nl", "2021-03-04 10:15:00", false, false, false, "");

    @Test
    void anImportedReviewsEventCarriesItsSourceOutsideTheRatingItem() {
        ReviewChanged event = new ReviewChanged("e-1", ReviewChanged.CREATED, Instant.parse("2026-11-25T10:15:30Z"), 7, true,
                ITEM, null, null, List.of(), "oldprovider");
        String json = EventJson.write(event);
        assertTrue(json.contains("\"import_source\":\"oldprovider\""), json);
        assertEquals(event, EventJson.read(Topics.REVIEWS_CREATED, json));
        String item = EventJson.write(ITEM);
        assertTrue(!item.contains("import"), "the spec's item stays as it is: " + item);
    }

    @Test
    void theConvenienceConstructorsAreOurOwnReviewsAndOldEventsStillParse() {
        assertNull(new ReviewChanged("e-2", ReviewChanged.UPDATED, Instant.now(), 7, true, ITEM, 11L, null).importSource());
        assertNull(new ReviewChanged("e-3", ReviewChanged.UPDATED, Instant.now(), 7, true, ITEM, 11L, null, List.of()).importSource());
        String old = EventJson.write(new ReviewChanged("e-4", ReviewChanged.CREATED, Instant.parse("2026-11-25T10:15:30Z"), 7,
                true, ITEM, null, null, List.of())).replace(",\"import_source\":null", "");
        assertTrue(!old.contains("import_source"), old);
        ReviewChanged read = EventJson.read(Topics.REVIEWS_CREATED, old);
        assertNull(read.importSource());
        assertEquals(ITEM, read.review());
    }
}
