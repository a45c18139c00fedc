package dev.shopreviews.webhooks.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;

/** webhooks-service settings (prefix {@code shopreviews}). */
@ConfigMapping(prefix = "shopreviews")
public interface WebhooksConfig {

    /** Token of the operator's admin API, e.g. dead letters (env OPERATOR_TOKEN). No default: required. */
    String operatorToken();

    /** HMAC key of the operator console's session cookie (env OPERATOR_SESSION_KEY, at least 32 characters), the same in every service; read by common OperatorAuth. */
    String operatorSessionKey();

    /** HMAC key of the shop dashboard's session cookie (env DASHBOARD_SESSION_KEY, at least 32 characters), the same in every service; read by common OwnerAuth. */
    String dashboardSessionKey();

    /**
     * How often the queue gauges of /q/metrics are refreshed from the database (common QueueGauges, and this
     * service's own queue gauges where it has some; read by their @Scheduled expressions). A scrape never queries.
     */
    @WithDefault("15s")
    String metricsRefresh();

    /**
     * HMAC key of the privacy page's session cookie (env PRIVACY_SESSION_KEY, at least 32 characters), shared by every
     * service that answers the page (docs/privacy.md). No default in prod.
     */
    String privacySessionKey();

    /**
     * AES-256-GCM key (64 hex characters) that encrypts the stored webhook secrets (env SECRET_ENCRYPTION_KEY).
     * No default in production: the service does not start without it.
     */
    String secretEncryptionKey();

    Webhooks webhooks();

    /** How long finished deliveries are kept (prefix {@code shopreviews.retention}, docs/privacy.md). */
    Retention retention();

    interface Retention {
        /** Deliveries in a final state (delivered, dead, cancelled) are deleted this long after created_at. */
        @WithDefault("P30D")
        Duration deliveries();

        /** How often the clean-up runs (also read by the @Scheduled expression of DeliveryRetention). */
        @WithDefault("1h")
        Duration interval();

        /** Deliveries deleted per statement (the clean-up repeats until none is left). */
        @WithDefault("1000")
        int batchSize();
    }

    interface Webhooks {
        /** Refuse http:// targets (env WEBHOOK_REQUIRE_HTTPS); true in production, false in dev and test. */
        @WithDefault("true")
        boolean requireHttps();

        /** Operator allowlist: loopback targets are let through (env WEBHOOK_ALLOW_LOOPBACK, default false). */
        @WithDefault("false")
        boolean allowLoopback();

        /**
         * Waits before the retries of a failed delivery; after the last one fails the delivery is dead.
         * Default: 10s, 30s, 2m, 10m, 30m, 1h, 2h, 4h, 8h, 12h, 24h, 24h (13 attempts over about 3 days).
         */
        @WithDefault("10s,30s,2m,10m,30m,1h,2h,4h,8h,12h,24h,24h")
        List<Duration> retryDelays();

        /** Random spread of each retry delay: 0.2 means plus or minus 20 %. */
        @WithDefault("0.2")
        double jitter();

        /** Time limit of one delivery attempt: connect, send, receive the answer. */
        @WithDefault("10s")
        Duration timeout();

        /** At most this many concurrent deliveries to one endpoint (host and port) per service instance. */
        @WithDefault("8")
        int perEndpointConcurrency();

        /** At most this many deliveries in flight per service instance. */
        @WithDefault("256")
        int maxInFlight();

        /** Deliveries claimed per database round trip. */
        @WithDefault("100")
        int batchSize();

        /**
         * How often the worker looks for due deliveries: retries that came due, leases of a stopped instance. New
         * deliveries do not wait for it (the consumer that queued them wakes the worker after its commit).
         */
        @WithDefault("1s")
        Duration pollInterval();

        /** At most this many subscriptions per webshop. */
        @WithDefault("50")
        int maxSubscriptionsPerWebshop();
    }
}
