package dev.shopreviews.partner.owner.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class OwnerAccountRepository implements PanacheRepositoryBase<OwnerAccount, Long> {

    /** {@code email} already lower-cased and trimmed (OwnerEmails.normalise). */
    public Uni<OwnerAccount> findByEmail(String email) {
        return find("email", email).firstResult();
    }
}
