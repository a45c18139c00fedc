package dev.shopreviews.partner.operator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

@ApplicationScoped
public class SignInFailureRepository implements PanacheRepositoryBase<SignInFailure, Long> {

    public Uni<Long> countForName(String name, Instant since) {
        return count("name = ?1 and at >= ?2", name, since);
    }

    public Uni<Long> countForClient(String clientAddress, Instant since) {
        return count("clientAddress = ?1 and at >= ?2", clientAddress, since);
    }

    public Uni<Long> deleteBefore(Instant before) {
        return delete("at < ?1", before);
    }
}
