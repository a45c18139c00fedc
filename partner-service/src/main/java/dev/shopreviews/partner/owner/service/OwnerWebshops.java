package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;
import dev.shopreviews.partner.webshop.service.WebshopService;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * What an owner sees and changes of their own webshops (the session already limits which: common security's Callers.ownerOf).
 * Changes go through {@link WebshopService}, the one place of the webshop's rules, audited with the owner as actor.
 */
@ApplicationScoped
public class OwnerWebshops {
    private final WebshopRepository webshops;
    private final WebshopService service;

    public OwnerWebshops(WebshopRepository webshops, WebshopService service) {
        this.webshops = webshops;
        this.service = service;
    }

    public Uni<List<Webshop>> of(Owner owner) {
        if (owner.webshops().isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Panache.withSession(() -> webshops.list("id in ?1 order by name, id", List.copyOf(owner.webshops())));
    }

    public Uni<Webshop> one(long webshopId) {
        return Panache.withSession(() -> webshops.findById(webshopId));
    }

    public Uni<IssuedWebshop> rotateCode(Owner owner, long webshopId) {
        return service.rotateCode(owner, webshopId);
    }

    public Uni<Webshop> setLanguages(Owner owner, long webshopId, List<String> languages) {
        return service.setLanguages(owner, webshopId, languages);
    }
}
