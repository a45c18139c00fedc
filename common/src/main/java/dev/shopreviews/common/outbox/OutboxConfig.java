package dev.shopreviews.common.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** How the outbox relay learns that events wait (docs/architecture.md, "The outbox"). */
@ConfigMapping(prefix = "outbox")
public interface OutboxConfig {
    /** How often the relay looks for events while it hears no notifications (start, database away, listen off). */
    @WithDefault("100ms")
    Duration pollInterval();

    /** The safety net while notifications arrive: a look every so often even when nobody said anything. */
    @WithDefault("5s")
    Duration quietPollInterval();

    /** Whether the relay listens for PostgreSQL notifications of appended events. */
    @WithDefault("true")
    boolean listen();

    /**
     * The host for the listening connection when the service's own connections go through a transaction-mode
     * pooler (PgBouncer drops LISTEN between transactions): the server itself. Default: the datasource's host.
     */
    Optional<String> listenHost();

    /** How long to wait before connecting again after the listening connection was lost. */
    @WithDefault("2s")
    Duration reconnectDelay();
}
