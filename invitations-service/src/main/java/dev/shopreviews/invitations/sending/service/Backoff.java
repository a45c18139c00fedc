package dev.shopreviews.invitations.sending.service;

import java.time.Duration;

/** Exponential backoff between SMTP attempts: base, 2×base, 4×base, … capped at max. */
public record Backoff(Duration base, Duration max) {

    /** The wait after the {@code failedAttempts}-th failed attempt (1 = the first attempt failed). */
    public Duration after(int failedAttempts) {
        int doublings = Math.max(0, Math.min(failedAttempts - 1, 30));
        Duration wait = base.multipliedBy(1L << doublings);
        return wait.compareTo(max) > 0 || wait.isNegative() ? max : wait;
    }
}
