package dev.shopreviews.embed.links.service;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkWaitsTest {

    @Test
    void aClientWaitsAsOftenAsItsBucketAllowsAndOthersAreNotAffected() {
        LinkWaits waits = new LinkWaits(2, Duration.ofHours(1), 100);
        assertTrue(waits.admit("203.0.113.1"));
        assertTrue(waits.admit("203.0.113.1"));
        assertFalse(waits.admit("203.0.113.1"), "the third wait within the hour is refused");
        assertTrue(waits.admit("203.0.113.2"), "another address has its own bucket");
    }

    @Test
    void noMoreThanTheCeilingWaitAtOnceAndAReleasedPlaceCanBeTakenAgain() {
        LinkWaits waits = new LinkWaits(10, Duration.ofHours(1), 2);
        assertTrue(waits.admit("198.51.100.1"));
        assertTrue(waits.admit("198.51.100.2"));
        assertFalse(waits.admit("198.51.100.3"), "the ceiling is reached");
        waits.release();
        assertTrue(waits.admit("198.51.100.3"), "a refusal at the ceiling took none of the client's tokens, and a place is free");
    }
}
