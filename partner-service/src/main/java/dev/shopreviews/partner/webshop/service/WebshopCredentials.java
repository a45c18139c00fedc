package dev.shopreviews.partner.webshop.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** The id/code check of spec section 5 against partner-service's own webshop table (the source of truth). */
@ApplicationScoped
public class WebshopCredentials {
    private final WebshopRepository webshops;

    public WebshopCredentials(WebshopRepository webshops) {
        this.webshops = webshops;
    }

    public Uni<Webshop> authenticate(String id, String code) {
        if (id == null || id.isBlank() || code == null || code.isBlank()) {
            return Uni.createFrom().failure(EnvelopeException.missingVariables());
        }
        Long webshopId = WebshopAuthenticator.parseId(id);
        if (webshopId == null) {
            return Uni.createFrom().failure(EnvelopeException.incorrectCredentials());
        }
        return Panache.withSession(() -> webshops.findById(webshopId)).map(shop -> {
            if (shop == null || !Codes.matchesHash(code, shop.apiCodeHash)) {
                throw EnvelopeException.incorrectCredentials();
            }
            if (!shop.active) {
                throw EnvelopeException.deactivated();
            }
            return shop;
        });
    }
}
