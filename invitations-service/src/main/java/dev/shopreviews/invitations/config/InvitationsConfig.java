package dev.shopreviews.invitations.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** invitations-service settings (prefix {@code shopreviews}). */
@ConfigMapping(prefix = "shopreviews")
public interface InvitationsConfig {

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

    /** Public address of the suite behind the gateway (env PUBLIC_BASE_URL); the e-mail links start with it. */
    @WithDefault("http://127.0.0.1:8080")
    String publicBaseUrl();

    /** HMAC key of the review and opt-out links (env LINK_SIGNING_KEY, at least 32 characters). No default in prod. */
    String linkSigningKey();

    /**
     * AES-256-GCM key (64 hex characters) that encrypts the stored shop-platform webhook secrets (env
     * SECRET_ENCRYPTION_KEY, the key webhooks-service uses for its secrets). No default in prod.
     */
    String secretEncryptionKey();

    /** How long the review link of an e-mail stays valid. */
    @WithDefault("P90D")
    Duration reviewLinkValidity();

    Sending sending();

    Intake intake();

    Privacy privacy();

    /** The privacy page's e-mailed sign-in links (docs/privacy.md). */
    interface Privacy {
        /** How long a link works (once). */
        @WithDefault("PT15M")
        Duration linkValidity();

        /** Links mailed to one address per hour at most. */
        @WithDefault("3")
        int linksPerAddressPerHour();

        /** Links asked for from one client address per hour at most. */
        @WithDefault("10")
        int linksPerClientPerHour();

        /**
         * Proxies whose X-Forwarded-For entries are believed when counting by client (CIDR list, env
         * SHOPREVIEWS_PRIVACY_TRUSTED_PROXIES): the gateway; on Kubernetes, the gateway's pod network.
         */
        @WithDefault("127.0.0.1/32,::1/128")
        java.util.List<String> trustedProxies();
    }

    Retention retention();

    /** How long personal data is kept (docs/privacy.md, Retention; erasure/service/RetentionCleanup). */
    interface Retention {
        /** How often the clean-up runs. */
        @WithDefault("1h")
        String interval();

        /** An invitation never answered with a review (state sent, failed or opted_out) is deleted this long after it was added. */
        @WithDefault("P365D")
        Duration unansweredInvitations();

        /** An order consent from the pop-up is deleted this long after it was recorded. */
        @WithDefault("P180D")
        Duration orderConsents();

        /** A review link's row (its hash, invitation and address) is deleted this long after the link expired. */
        @WithDefault("P30D")
        Duration reviewLinksAfterExpiry();

        /**
         * A shop platform's delivery id (WooCommerce, Shopify webhooks) is kept this long: the platforms retry for hours
         * (Shopify: 4 hours), so a month stops every retry. The order claims stay as long as unanswered invitations.
         */
        @WithDefault("P30D")
        Duration shopPlatformDeliveries();
    }

    /** How POSTs of invitations reach the database: adds and webshop lookups in groups (see RequestCoalescer). */
    interface Intake {
        /** Most invitations added in one statement and one transaction. */
        @WithDefault("64")
        int maxBatch();

        /**
         * Most such statements under way at once (each holds one of the pool's connections meanwhile). Few and large
         * beat many and small: the commit's WAL flush is the cost that batching shares (2: ~5,000 adds/s on 2 cores,
         * 8: ~4,000; bench/README).
         */
        @WithDefault("2")
        int maxConcurrent();
    }

    interface Sending {
        /** How often the sender looks for due invitations. */
        @WithDefault("5s")
        String pollInterval();

        /** How many due invitations one sender run claims at most. */
        @WithDefault("20")
        int batchSize();

        /** Attempts (SMTP sends) before an invitation is marked failed. */
        @WithDefault("6")
        int maxAttempts();

        /** Wait before the first retry; doubled on every further failure. */
        @WithDefault("1m")
        Duration backoffBase();

        /** Longest wait between two attempts. */
        @WithDefault("6h")
        Duration backoffMax();

        /** How long a claim lasts: an invitation still "sending" after this (a crashed sender) is claimed again. */
        @WithDefault("5m")
        Duration lease();

        /**
         * Invitation e-mails per webshop and UTC day (first attempts). Beyond it, due invitations wait for the next
         * day and the API answers new ones with 429, so a leaked API code cannot turn the suite into a spam relay.
         */
        @WithDefault("10000")
        int dailyQuota();
    }
}
