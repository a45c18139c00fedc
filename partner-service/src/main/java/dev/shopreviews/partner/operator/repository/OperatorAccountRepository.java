package dev.shopreviews.partner.operator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

@ApplicationScoped
public class OperatorAccountRepository implements PanacheRepositoryBase<OperatorAccount, Long> {

    public Uni<OperatorAccount> findByName(String name) {
        return find("name", name).firstResult();
    }

    public Uni<List<OperatorAccount>> listByName() {
        return list("order by name");
    }
}
