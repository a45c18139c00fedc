package dev.shopreviews.invitations.sending.service;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BackoffTest {

    @Test
    void theWaitDoublesAfterEachFailedAttemptUpToTheMaximum() {
        Backoff backoff = new Backoff(Duration.ofMinutes(1), Duration.ofHours(6));
        assertEquals(Duration.ofMinutes(1), backoff.after(1));
        assertEquals(Duration.ofMinutes(2), backoff.after(2));
        assertEquals(Duration.ofMinutes(4), backoff.after(3));
        assertEquals(Duration.ofMinutes(256), backoff.after(9));
        assertEquals(Duration.ofHours(6), backoff.after(10));
        assertEquals(Duration.ofHours(6), backoff.after(1000));
    }
}
