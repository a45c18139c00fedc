package dev.shopreviews.ratings.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** ratings-service settings (prefix {@code shopreviews}). */
@ConfigMapping(prefix = "shopreviews")
public interface RatingsConfig {

    /** Token of the operator's admin API (env OPERATOR_TOKEN). No default: the service does not start without it. */
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

    /** Public address of the suite behind the gateway (env PUBLIC_BASE_URL); used for review URLs in the feed. */
    @WithDefault("http://127.0.0.1:8080")
    String publicBaseUrl();

    /**
     * How long after writing it a reviewer may change a review through the same invitation link: a link opened
     * again within the window edits the review (reviews.updated), never adds a second one; after it, a second
     * submission through the link is refused (dead-lettered).
     */
    @WithDefault("P14D")
    Duration reviewEditWindow();

    /**
     * How long a review whose webshop was not replicated yet (dead-lettered as "unknown webshop") is replayed by
     * itself once the webshop arrives; later ones wait for the operator.
     */
    @WithDefault("P1D")
    Duration lateWebshopGrace();

    /** How often such reviews are looked for (also read by the @Scheduled expression of LateWebshopReplay). */
    @WithDefault("10s")
    String lateWebshopPoll();

    /**
     * Proxies whose X-Forwarded-For entries are believed when counting visitors' reports per client (CIDR list, env
     * SHOPREVIEWS_TRUSTED_PROXIES): the gateway. On Kubernetes, the gateway's pod network.
     */
    @WithDefault("127.0.0.1/32,::1/128")
    java.util.List<String> trustedProxies();

    VisitorReports visitorReports();

    /** Visitors' reports of reviews ({@code POST /api/1.0/review_reports.json}), per client address. */
    interface VisitorReports {
        /** Reports one client may send at once (every request counts, refused ones too). */
        @WithDefault("5")
        int capacity();

        /** One more report is allowed this often (5 at once, then one every 12 minutes: at most 10 an hour). */
        @WithDefault("PT12M")
        Duration refillEvery();
    }

    Quarantine quarantine();

    Feed feed();

    Replies replies();

    Retention retention();

    /** How long personal data that no feature needs any more is kept (docs/privacy.md, Retention). */
    interface Retention {
        /** A review's client address (the burst rule's key, the only use) is blanked this long after its creation. */
        @WithDefault("P30D")
        Duration clientAddress();

        /** A sent reply notification (it names the reviewer's address) is deleted this long after it was sent. */
        @WithDefault("P30D")
        Duration replyNotification();

        /**
         * An erased review's original address (kept only so the detailed feed can tell the shop's copy to delete
         * itself, GDPR Art. 19) is deleted this long after the erasure: sync clients run twice a day, and a shop
         * whose sync was off for a while still gets a quarter of a year to catch up.
         */
        @WithDefault("P90D")
        Duration erasedReviewAddress();

        /** How often the clean-up runs (also read by the @Scheduled expression of RetentionCleanUp). */
        @WithDefault("1h")
        String interval();
    }

    interface Quarantine {
        /** More reviews than this from one client address for one webshop within {@link #burstWindow()} are quarantined. */
        @WithDefault("3")
        int burstLimit();

        /** The window of the burst rule. */
        @WithDefault("PT1H")
        Duration burstWindow();

        /** Comments shorter than this (normalised) never count as duplicates ("Great!" is written often). */
        @WithDefault("20")
        int duplicateMinLength();
    }

    interface Feed {
        /** Reviews read from the database per page while the XML feed streams. */
        @WithDefault("500")
        int pageSize();

        /** Content of aggregator/name in the product review feed. */
        @WithDefault("Shop Reviews")
        String aggregatorName();
    }

    interface Replies {
        /** How often pending reply notifications are sent. */
        @WithDefault("2s")
        String pollInterval();

        /** Attempts before a reply notification is given up. */
        @WithDefault("10")
        int maxAttempts();

        /**
         * Reply notifications one webshop may queue per UTC day; a reply with notify beyond it is refused (429) so a
         * shop cannot use the reviewers' addresses for mass mail.
         */
        @WithDefault("500")
        int dailyNotificationQuota();

        /** Subject of the reply notification e-mail. */
        @WithDefault("The shop replied to your review")
        String subject();
    }
}
