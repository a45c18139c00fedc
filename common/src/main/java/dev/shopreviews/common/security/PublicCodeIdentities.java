package dev.shopreviews.common.security;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.auth.WebshopReplicaReader;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * The webshop of a call with the public code (browser JavaScript, {@link PublicCodeRequest}): the spec's id/public_code
 * check ({@link WebshopAuthenticator#authenticatePublicWith}) against this service's webshop replica, read with one
 * statement through the SQL client. Refusals as {@link ShopIdentities}'s (401 incorrect credentials, 403 deactivated).
 */
@ApplicationScoped
public class PublicCodeIdentities implements IdentityProvider<PublicCodeRequest> {
    private final WebshopAuthenticator webshops;
    private final WebshopReplicaReader replicas;

    public PublicCodeIdentities(WebshopAuthenticator webshops, WebshopReplicaReader replicas) {
        this.webshops = webshops;
        this.replicas = replicas;
    }

    @Override
    public Class<PublicCodeRequest> getRequestType() {
        return PublicCodeRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(PublicCodeRequest request, AuthenticationRequestContext context) {
        return webshops.authenticatePublicWith(request.id(), request.publicCode(),
                        id -> replicas.byIds(List.of(id)).map(found -> found.get(0)))
                .map(PublicCodeIdentities::of)
                .onFailure(EnvelopeException.class).transform(refused -> new AuthenticationFailedException(refused));
    }

    static SecurityIdentity of(WebshopReplica shop) {
        return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal("public-code:webshop:" + shop.id))
                .addRole(Roles.PUBLIC_CODE).addAttribute(Callers.CALLER, shop).build();
    }
}
