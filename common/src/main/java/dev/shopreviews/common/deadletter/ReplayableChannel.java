package dev.shopreviews.common.deadletter;

import io.smallrye.mutiny.Uni;

/**
 * A consumer's channel whose dead letters can be replayed: {@link #apply} handles one record value exactly as the
 * consumer does, inside the caller's transaction, and throws what the consumer would throw.
 */
public interface ReplayableChannel {
    /** The channel name of {@code @Incoming}, e.g. {@code reviews-submitted}. */
    String channel();

    Uni<Void> apply(String payload);
}
