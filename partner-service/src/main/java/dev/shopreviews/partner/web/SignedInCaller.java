package dev.shopreviews.partner.web;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;
import java.util.function.Function;

/**
 * The caller of an open endpoint that acts on a session only when there is a valid one (sign-out: it clears the
 * cookie either way). Asks common security for the request's identity (authentication is lazy, so an open endpoint
 * is not authenticated unless it asks); a cookie that is no valid session is no caller.
 */
@ApplicationScoped
public class SignedInCaller {
    private final CurrentIdentityAssociation identities;

    public SignedInCaller(CurrentIdentityAssociation identities) {
        this.identities = identities;
    }

    /** The caller read by {@code caller} when the request's identity holds {@code role}, else empty. */
    public <T> Uni<Optional<T>> ifIn(String role, Function<SecurityIdentity, T> caller) {
        return identities.getDeferredIdentity()
                .map(identity -> identity.hasRole(role) ? Optional.of(caller.apply(identity)) : Optional.<T>empty())
                .onFailure(AuthenticationFailedException.class).recoverWithItem(Optional.empty());
    }
}
