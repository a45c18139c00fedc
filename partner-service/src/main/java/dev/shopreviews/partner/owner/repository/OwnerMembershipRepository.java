package dev.shopreviews.partner.owner.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

@ApplicationScoped
public class OwnerMembershipRepository implements PanacheRepositoryBase<OwnerMembership, Long> {

    public Uni<List<Long>> webshopsOf(long ownerId) {
        return list("ownerId = ?1 order by webshopId", ownerId).map(rows -> rows.stream().map(row -> row.webshopId).toList());
    }

    public Uni<Boolean> exists(long ownerId, long webshopId) {
        return count("ownerId = ?1 and webshopId = ?2", ownerId, webshopId).map(n -> n > 0);
    }

    public Uni<List<OwnerMembership>> ofWebshop(long webshopId) {
        return list("webshopId = ?1 order by id", webshopId);
    }
}
