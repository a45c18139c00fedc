package dev.shopreviews.invitations.template.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.List;

/** Table mail_template. Call inside a session (reads) or a transaction (writes). */
@ApplicationScoped
public class MailTemplates implements PanacheRepositoryBase<MailTemplate, MailTemplate.Key> {

    /** The webshop's own templates, by kind and language. */
    public Uni<List<MailTemplate>> ofWebshop(long webshopId) {
        return list("webshopId = ?1 order by kind, language", webshopId);
    }

    /** The own templates of these webshops (the sender reads them once per claimed batch). */
    public Uni<List<MailTemplate>> ofWebshops(Collection<Long> webshopIds) {
        return list("webshopId in ?1", webshopIds);
    }

    public Uni<MailTemplate> find(long webshopId, String kind, String language) {
        return findById(new MailTemplate.Key(webshopId, kind, language));
    }

    /** Deletes the template; answers whether one was stored. */
    public Uni<Boolean> remove(long webshopId, String kind, String language) {
        return delete("webshopId = ?1 and kind = ?2 and language = ?3", webshopId, kind, language).map(count -> count > 0);
    }
}
