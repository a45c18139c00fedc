package dev.shopreviews.partner.owner.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

@ApplicationScoped
public class OwnerSignInFailureRepository implements PanacheRepositoryBase<OwnerSignInFailure, Long> {

    public Uni<Long> countForEmail(String email, Instant since) {
        return count("email = ?1 and at >= ?2", email, since);
    }

    public Uni<Long> countForClient(String clientAddress, Instant since) {
        return count("clientAddress = ?1 and at >= ?2", clientAddress, since);
    }

    public Uni<Long> deleteBefore(Instant before) {
        return delete("at < ?1", before);
    }
}
