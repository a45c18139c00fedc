package dev.shopreviews.common.deadletter;

import io.smallrye.mutiny.Uni;

import java.util.Set;

/**
 * A consumer whose dead letters can be replayed: {@link #replay} handles one record value of one of its channels
 * exactly as the consumer does, inside the caller's transaction, and fails as the consumer would.
 */
public interface ReplayableChannel {
    /** The channel names of its {@code @Incoming} methods, e.g. {@code reviews-submitted}. */
    Set<String> channels();

    Uni<Void> replay(String channel, String payload);
}
