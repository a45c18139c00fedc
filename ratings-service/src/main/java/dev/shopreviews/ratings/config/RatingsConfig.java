package dev.shopreviews.ratings.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** ratings-service settings (prefix {@code shopreviews}). */
@ConfigMapping(prefix = "shopreviews")
public interface RatingsConfig {

    /** Token of the operator's admin API (env OPERATOR_TOKEN). No default: the service does not start without it. */
    String operatorToken();

    /** Public address of the suite behind the gateway (env PUBLIC_BASE_URL); used for review URLs in the feed. */
    @WithDefault("http://127.0.0.1:8080")
    String publicBaseUrl();

    Quarantine quarantine();

    Feed feed();

    Replies replies();

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

        /** Subject of the reply notification e-mail. */
        @WithDefault("The shop replied to your review")
        String subject();
    }
}
