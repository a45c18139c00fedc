package dev.shopreviews.invitations.optout.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Locale;

/** Table opt_out: addresses (lower case) that a webshop may not e-mail any more. Call inside a transaction. */
@ApplicationScoped
public class OptOutRepository {

    public Uni<Void> add(long webshopId, String email, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into opt_out (webshop_id, email, created_at) values (?1, ?2, ?3) on conflict do nothing")
                .setParameter(1, webshopId)
                .setParameter(2, email.trim().toLowerCase(Locale.ROOT))
                .setParameter(3, at)
                .executeUpdate()
                .replaceWithVoid());
    }
}
