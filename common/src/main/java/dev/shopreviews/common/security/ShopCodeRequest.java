package dev.shopreviews.common.security;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** The spec's id and code query parameters of a shop API call (section 5). */
public final class ShopCodeRequest extends BaseAuthenticationRequest {
    private final String id;
    private final String code;

    public ShopCodeRequest(String id, String code) {
        this.id = id;
        this.code = code;
    }

    public String id() {
        return id;
    }

    public String code() {
        return code;
    }
}
