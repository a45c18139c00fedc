package dev.shopreviews.embed.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** embed-service settings (prefix {@code shopreviews}). */
@ConfigMapping(prefix = "shopreviews")
public interface EmbedConfig {

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

    /** Public address of the suite behind the gateway (env PUBLIC_BASE_URL); pages link to it and browser POSTs from it are accepted. */
    @WithDefault("http://127.0.0.1:8080")
    String publicBaseUrl();

    /** HMAC key of the invitation e-mail's review link (env LINK_SIGNING_KEY, the same value as invitations-service). */
    String linkSigningKey();

    /**
     * AES-256-GCM key (64 hex characters, env SECRET_ENCRYPTION_KEY, partner-service's) that decrypts the copy of a
     * webshop's API code in its snapshot, to check the signature of its order data ({@code OrderSignatures}).
     */
    String secretEncryptionKey();

    /** How long sidebar.js and the widget may be cached (the 10-minute window of spec 4.12). */
    @WithDefault("PT10M")
    Duration cacheWindow();

    /**
     * Proxies whose X-Forwarded-For entries are believed (CIDR list, env SHOPREVIEWS_TRUSTED_PROXIES): the gateway.
     * On Kubernetes, the gateway's pod network.
     */
    @WithDefault("127.0.0.1/32,::1/128")
    java.util.List<String> trustedProxies();

    /**
     * How long after writing it a reviewer may change a review through the same invitation link (the value of
     * ratings-service's {@code shopreviews.review-edit-window}, which enforces it).
     */
    @WithDefault("P14D")
    Duration reviewEditWindow();

    /** How many latest reviews sidebar.js carries for its reviews pop-up. */
    @WithDefault("5")
    int sidebarReviews();

    /** How many latest reviews the public webshop page lists. */
    @WithDefault("20")
    int pageReviews();

    /** The in-memory cache of rendered sidebar.js (prefix {@code shopreviews.sidebar}). */
    Sidebar sidebar();

    RateLimit rateLimit();

    /**
     * sidebar.js is rendered once per webshop and served from memory (precompressed) until this process's read-model
     * consumer changes the webshop or the time-to-live passes. The time-to-live is what bounds staleness for what this
     * replica does not see: changes consumed by another replica, and webshop snapshots (common's consumer).
     */
    interface Sidebar {
        /** How long a rendered script is served from memory before it is read and rendered again. */
        @WithDefault("PT30S")
        Duration cacheTtl();

        /** How long the no-op answer for an unknown or inactive webshop id is kept (a new webshop shows up after it). */
        @WithDefault("PT10S")
        Duration unknownTtl();

        /**
         * At most this many webshops are kept (unknown ids included; those are evicted first, then the oldest).
         * An entry holds the gzipped script (about 7 KB; clients without gzip get it inflated), so 2000 entries are
         * about 14 MB.
         */
        @WithDefault("2000")
        int cacheMaxEntries();
    }

    /** How many review-form requests may wait for a link not announced yet (prefix {@code shopreviews.link-wait}). */
    LinkWait linkWait();

    /**
     * A GET of a well-formed reference that is not known yet is held up to 3 s for its announcement
     * (ReviewLinks). Holding is what an attacker with made-up references would buy, so it is rationed: per client
     * address a token bucket, and across the process a ceiling on requests held at once. Without a token or a place,
     * the page answers at once as for any unknown link.
     */
    interface LinkWait {
        /** Waits a client may start at once (bucket size). */
        @WithDefault("5")
        int perClient();

        /** How long it takes a client to earn one wait back. */
        @WithDefault("PT12S")
        Duration refillEvery();

        /** Requests held waiting at once in this process, all clients together. */
        @WithDefault("200")
        int maxWaiting();
    }

    /** Token bucket per client address and webshop for the browser-facing POSTs. */
    interface RateLimit {
        /** Requests a client may make at once (bucket size). */
        @WithDefault("10")
        int capacity();

        /** How long it takes to earn one request back. */
        @WithDefault("PT6S")
        Duration refillEvery();
    }
}
