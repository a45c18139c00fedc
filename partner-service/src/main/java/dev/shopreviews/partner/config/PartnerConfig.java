package dev.shopreviews.partner.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** partner-service settings (prefix {@code shopreviews}). */
@ConfigMapping(prefix = "shopreviews")
public interface PartnerConfig {

    /** Token of the operator's admin API (env OPERATOR_TOKEN). No default: the service does not start without it. */
    String operatorToken();

    /** HMAC key of the operator console's session cookie (env OPERATOR_SESSION_KEY, at least 32 characters), the same in every service; read by common OperatorAuth. */
    String operatorSessionKey();

    /** Public address of the suite behind the gateway (env PUBLIC_BASE_URL); used for public page URLs. */
    @WithDefault("http://127.0.0.1:8080")
    String publicBaseUrl();
}
