package dev.shopreviews.common.messaging;

/**
 * Thrown by a channel's handler for a record it can never apply (malformed, incomplete, refused by a rule): the
 * record goes to the dead letters with this reason and the consumer moves on. Never retried.
 */
public class UnusableRecord extends RuntimeException {
    public UnusableRecord(String reason) {
        super(reason, null, false, false);
    }
}
