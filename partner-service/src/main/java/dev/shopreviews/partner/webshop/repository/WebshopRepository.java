package dev.shopreviews.partner.webshop.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

@ApplicationScoped
public class WebshopRepository implements PanacheRepositoryBase<Webshop, Long> {

    public Uni<List<Webshop>> findByDomain(String normalisedDomain) {
        return find("select distinct w from Webshop w join w.domains d where d = ?1 and w.active = true order by w.id",
                normalisedDomain).list();
    }

    public Uni<Webshop> findByPartnerId(String source, String externalId) {
        return find("partnerSource = ?1 and partnerExternalId = ?2", source, externalId).firstResult();
    }
}
