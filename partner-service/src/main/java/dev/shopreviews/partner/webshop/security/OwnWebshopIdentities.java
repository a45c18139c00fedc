package dev.shopreviews.partner.webshop.security;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.security.ShopCodeRequest;
import dev.shopreviews.common.security.ShopIdentities;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.service.WebshopCredentials;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The webshop of a shop API call to partner-service: the spec's id/code check ({@link WebshopCredentials}) against
 * this service's own webshop table, the source (partner-service keeps no replica of it). Tried before common's
 * {@link ShopIdentities}, which reads the replica; the same answers (401 incorrect credentials, 403 deactivated) as
 * the cause, for common security's answers in the endpoint's error body.
 */
@ApplicationScoped
public class OwnWebshopIdentities implements IdentityProvider<ShopCodeRequest> {
    private final WebshopCredentials credentials;

    public OwnWebshopIdentities(WebshopCredentials credentials) {
        this.credentials = credentials;
    }

    @Override
    public Class<ShopCodeRequest> getRequestType() {
        return ShopCodeRequest.class;
    }

    /** Before common's replica check (the default priority). */
    @Override
    public int priority() {
        return IdentityProvider.super.priority() + 1;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(ShopCodeRequest request, AuthenticationRequestContext context) {
        return credentials.authenticate(request.id(), request.code())
                .map(shop -> ShopIdentities.of(replicaOf(shop)))
                .onFailure(EnvelopeException.class).transform(refused -> new AuthenticationFailedException(refused));
    }

    /** The caller as common security names a shop (never stored: partner-service's replica table stays empty). */
    private static WebshopReplica replicaOf(Webshop shop) {
        WebshopReplica replica = new WebshopReplica();
        replica.id = shop.id;
        replica.apiCodeHash = shop.apiCodeHash;
        replica.publicCode = shop.publicCode;
        replica.name = shop.name;
        replica.mainLanguage = shop.mainLanguage;
        replica.languages = shop.languages;
        replica.replyAccess = shop.replyAccess;
        replica.active = shop.active;
        replica.version = shop.version;
        return replica;
    }
}
