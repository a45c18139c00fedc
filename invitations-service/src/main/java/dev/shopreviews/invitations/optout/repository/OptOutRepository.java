package dev.shopreviews.invitations.optout.repository;

import dev.shopreviews.common.privacy.EmailHash;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Table opt_out: the addresses a webshop may not e-mail any more, stored as their {@link EmailHash} only (migration
 * V8); webshop_id 0 ({@code CustomerErased.EVERY_SHOP}) means every webshop. Call inside a transaction.
 */
@ApplicationScoped
public class OptOutRepository {
    /** The condition "an opt-out holds for this invitation row", for an {@code invitation} aliased {@code i}. */
    public static final String OPTED_OUT_INVITATION = "exists (select 1 from opt_out o where o.webshop_id in (i.webshop_id, 0) "
            + "and o.email_hash = " + String.format(EmailHash.SQL, "i.email") + ")";

    public Uni<Void> add(long webshopId, String email, Instant at) {
        return addHash(webshopId, EmailHash.of(email), at);
    }

    /** Records the opt-out of the address whose hash is {@code emailHash} (webshop 0: every webshop). */
    public Uni<Void> addHash(long webshopId, String emailHash, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into opt_out (webshop_id, email_hash, created_at) values (?1, ?2, ?3) on conflict do nothing")
                .setParameter(1, webshopId)
                .setParameter(2, emailHash)
                .setParameter(3, at)
                .executeUpdate()
                .replaceWithVoid());
    }
}
