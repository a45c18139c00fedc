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

    /**
     * The console's shop search: by id when {@code text} is one, else by a part of the name or of a domain
     * (case-insensitive); newest first.
     */
    public Uni<List<Webshop>> search(Long id, String text, int limit) {
        if (id != null) {
            return find("id = ?1", id).list();
        }
        String pattern = "%" + text.toLowerCase().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        return find("select distinct w from Webshop w left join w.domains d where lower(w.name) like ?1 escape '\\' "
                + "or d like ?1 escape '\\' order by w.id desc", pattern).page(0, limit).list();
    }
}
