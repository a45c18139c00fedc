package dev.shopreviews.partner.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.List;
import java.util.Optional;

/** partner-service settings (prefix {@code shopreviews}). */
@ConfigMapping(prefix = "shopreviews")
public interface PartnerConfig {

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
     * AES-256-GCM key (64 hex characters, env SECRET_ENCRYPTION_KEY, the same as webhooks-service's and
     * embed-service's) that encrypts the copy of each new or rotated API code ({@code ApiCodeCipher}).
     */
    String secretEncryptionKey();

    /** Public address of the suite behind the gateway (env PUBLIC_BASE_URL); used for public page URLs. */
    @WithDefault("http://127.0.0.1:8080")
    String publicBaseUrl();

    Console console();

    Dashboard dashboard();

    PasswordHashing passwordHashing();

    /**
     * Password hashes of requests (sign-ins, new passwords; operator/service/HashingSlots): each takes ~19 MiB and
     * ~50 ms of CPU, so only a few run at once and a few more wait; the rest are answered 429 with Retry-After.
     */
    interface PasswordHashing {
        /** Hashes computed at the same time (their own worker threads). */
        @WithDefault("2")
        int concurrency();

        /** Requests that may wait for a free hashing thread; one more is refused. */
        @WithDefault("8")
        int queue();
    }

    /** The shop dashboard's owner accounts (docs/dashboard.md): mailed links and sign-in limits. */
    interface Dashboard {
        /** How long an invitation link to set the first password works. */
        @WithDefault("7")
        long inviteDays();

        /** How long a password-reset link works. */
        @WithDefault("60")
        long resetMinutes();

        /**
         * How often the stored reset requests and owner invitations are handled after their answer (the @Scheduled of
         * OwnerResetMailer and OwnerInvitationMailer).
         */
        @WithDefault("1s")
        String resetPoll();

        /** Failed sign-ins per address within {@link #failureWindowMinutes()} before sign-in is refused. */
        @WithDefault("5")
        int failuresPerEmail();

        /** Failed sign-ins per client address within the window before sign-in is refused. */
        @WithDefault("20")
        int failuresPerClient();

        @WithDefault("15")
        int failureWindowMinutes();
    }

    /** The operator console (docs/operator-console.md): its first operator and its sign-in limits. */
    interface Console {
        /** The bootstrap operator's name (env OPERATOR_BOOTSTRAP_NAME); an admin, set from configuration at every start. */
        @WithDefault("operator")
        String bootstrapName();

        /** Its password (env OPERATOR_BOOTSTRAP_PASSWORD, at least 12 characters); without it no bootstrap operator. */
        Optional<String> bootstrapPassword();

        /** Its TOTP secret in base32 (env OPERATOR_BOOTSTRAP_TOTP), as loaded into an authenticator app. */
        Optional<String> bootstrapTotp();

        /** Failed sign-ins per operator name within {@link #failureWindowMinutes()} before sign-in is refused. */
        @WithDefault("5")
        int failuresPerName();

        /** Failed sign-ins per client address within the window before sign-in is refused. */
        @WithDefault("20")
        int failuresPerClient();

        @WithDefault("15")
        int failureWindowMinutes();

        /**
         * Proxies whose X-Forwarded-For entries are believed when counting by client (CIDR list, env
         * SHOPREVIEWS_CONSOLE_TRUSTED_PROXIES): the gateway; on Kubernetes, the gateway's pod network.
         */
        @WithDefault("127.0.0.1/32,::1/128")
        List<String> trustedProxies();
    }
}
