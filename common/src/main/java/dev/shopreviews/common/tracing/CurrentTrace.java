package dev.shopreviews.common.tracing;

import io.smallrye.common.vertx.ContextLocals;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Vertx;

/**
 * The {@code traceparent} of the work running on this Vert.x duplicated context (one request, one consumed record):
 * set by the HTTP and Kafka entry points, read where an event is written to the outbox.
 */
public final class CurrentTrace {
    private static final String KEY = "shopreviews.traceparent";

    private CurrentTrace() {
    }

    /** Remembers {@code traceparent} (null: none) for the current request or record (ignored off a duplicated context). */
    public static void set(String traceparent) {
        if (Vertx.currentContext() == null || !VertxContext.isOnDuplicatedContext()) {
            return;
        }
        if (traceparent == null) {
            ContextLocals.remove(KEY);
        } else {
            ContextLocals.put(KEY, traceparent);
        }
    }

    /** The current request's or record's traceparent, or null. */
    public static String get() {
        if (Vertx.currentContext() == null || !VertxContext.isOnDuplicatedContext()) {
            return null;
        }
        return ContextLocals.<String>get(KEY).orElse(null);
    }
}
