package dev.shopreviews.invitations.privacy.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Requests and uses of the privacy page's links (tables privacy_link_request, privacy_link_use), in Panache's session. */
@ApplicationScoped
public class PrivacyLinkLog {

    /** Requests for the address since {@code since}, and from the client since then. Call inside a session. */
    public Uni<long[]> recentRequests(String emailHash, String clientHash, Instant since) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        select (select count(*) from privacy_link_request where email_hash = ?1 and requested_at >= ?3),
                               (select count(*) from privacy_link_request where client_hash = ?2 and requested_at >= ?3)""",
                        Object[].class)
                .setParameter(1, emailHash).setParameter(2, clientHash).setParameter(3, since)
                .getSingleResult()
                .map(row -> new long[]{((Number) row[0]).longValue(), ((Number) row[1]).longValue()}));
    }

    /** Call inside a transaction. */
    public Uni<Void> addRequest(String emailHash, String clientHash, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "insert into privacy_link_request (email_hash, client_hash, requested_at) values (?1, ?2, ?3)")
                .setParameter(1, emailHash).setParameter(2, clientHash).setParameter(3, at).executeUpdate()
                .replaceWithVoid());
    }

    /** Marks the link used; false when it was used before. Call inside a transaction. */
    public Uni<Boolean> use(String nonceHash, Instant at, Instant expiresAt) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into privacy_link_use (nonce_hash, used_at, expires_at) values (?1, ?2, ?3)
                        on conflict (nonce_hash) do nothing""")
                .setParameter(1, nonceHash).setParameter(2, at).setParameter(3, expiresAt).executeUpdate()
                .map(inserted -> inserted == 1));
    }

    /** Retention: requests older than {@code requestsBefore}, uses of links expired before {@code now}. */
    public Uni<Integer> deleteOld(Instant requestsBefore, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "delete from privacy_link_request where requested_at < ?1").setParameter(1, requestsBefore)
                .executeUpdate()
                .chain(requests -> session.createNativeQuery("delete from privacy_link_use where expires_at < ?1")
                        .setParameter(1, now).executeUpdate().map(uses -> requests + uses)));
    }
}
