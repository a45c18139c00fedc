package dev.shopreviews.common.security;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** The Authorization header of an /admin/ call, to be checked against the operator (machine) token. */
public final class MachineTokenRequest extends BaseAuthenticationRequest {
    private final String authorization;

    public MachineTokenRequest(String authorization) {
        this.authorization = authorization;
    }

    public String authorization() {
        return authorization;
    }
}
