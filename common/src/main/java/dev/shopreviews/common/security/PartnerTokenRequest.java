package dev.shopreviews.common.security;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** The partner token (query parameter {@code token}) of a partner API call (spec 5.4). */
public final class PartnerTokenRequest extends BaseAuthenticationRequest {
    private final String token;

    public PartnerTokenRequest(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }
}
