package dev.shopreviews.common.security;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

import java.util.Set;

/**
 * The spec's id and public_code query parameters of a call from browser JavaScript (spec 4.3), where the spec
 * accepts the public code instead of the API code. Elsewhere public_code is no credential (the caller stays
 * anonymous: the spec's "Not all obligated variables are set.").
 */
public final class PublicCodeRequest extends BaseAuthenticationRequest {
    /** The paths that accept the public code: ratings.json only. */
    static final Set<String> PATHS = Set.of("/api/1.0/ratings.json");
    static final String PARAMETER = "public_code";

    private final String id;
    private final String publicCode;

    public PublicCodeRequest(String id, String publicCode) {
        this.id = id;
        this.publicCode = publicCode;
    }

    public String id() {
        return id;
    }

    public String publicCode() {
        return publicCode;
    }
}
