package dev.shopreviews.common.security;

import dev.shopreviews.common.partner.Partner;
import io.smallrye.mutiny.Uni;

/**
 * The check of a partner token, by the service that issues them (partner-service): the partner it belongs to, or a
 * failure with the 401 envelope {@link #INVALID_TOKEN} for an unknown or revoked one.
 */
public interface PartnerTokenCheck {
    String INVALID_TOKEN = "Invalid or missing token.";

    Uni<Partner> partnerOf(String token);
}
