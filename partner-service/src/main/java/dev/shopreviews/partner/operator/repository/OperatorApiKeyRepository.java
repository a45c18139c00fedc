package dev.shopreviews.partner.operator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

@ApplicationScoped
public class OperatorApiKeyRepository implements PanacheRepositoryBase<OperatorApiKey, Long> {

    public Uni<OperatorApiKey> findUsable(String keyHash) {
        return find("keyHash = ?1 and revokedAt is null", keyHash).firstResult();
    }

    public Uni<OperatorApiKey> findByName(String name) {
        return find("name", name).firstResult();
    }

    public Uni<List<OperatorApiKey>> newestFirst() {
        return list("order by id desc");
    }
}
