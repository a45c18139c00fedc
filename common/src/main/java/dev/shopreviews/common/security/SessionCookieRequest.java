package dev.shopreviews.common.security;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A signed session cookie (the dashboard's, the console's or the privacy page's) to be turned into a caller by its identity provider. */
public final class SessionCookieRequest extends BaseAuthenticationRequest {
    public enum Kind { OWNER, OPERATOR, PRIVACY }

    private final Kind kind;
    private final String value;

    public SessionCookieRequest(Kind kind, String value) {
        this.kind = kind;
        this.value = value;
    }

    public Kind kind() {
        return kind;
    }

    public String value() {
        return value;
    }
}
