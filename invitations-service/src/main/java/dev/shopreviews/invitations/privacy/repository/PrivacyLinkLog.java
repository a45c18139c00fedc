package dev.shopreviews.invitations.privacy.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Requests and uses of the privacy page's links (tables privacy_link_request, privacy_link_use), in Panache's session. */
@ApplicationScoped
public class PrivacyLinkLog {

    /**
     * Records one request when the address and the client are both below their limit since {@code since}; false
     * (nothing recorded) otherwise. The address's and the client's advisory locks are taken first (always in that
     * order, so no cycle can form) and held to the commit, so parallel requests count each other's rows. Call inside
     * a transaction.
     */
    public Uni<Boolean> reserve(String emailHash, String clientHash, Instant at, Instant since, int perAddress,
                                int perClient) {
        return Panache.getSession().chain(session -> lock(session, "privacy-link-address:" + emailHash)
                .chain(() -> lock(session, "privacy-link-client:" + clientHash))
                // A new statement, so its snapshot sees rows committed while the locks were awaited.
                .chain(() -> session.createNativeQuery("""
                                insert into privacy_link_request (email_hash, client_hash, requested_at)
                                select ?1, ?2, ?3
                                where (select count(*) from privacy_link_request where email_hash = ?1 and requested_at >= ?4) < ?5
                                  and (select count(*) from privacy_link_request where client_hash = ?2 and requested_at >= ?4) < ?6""")
                        .setParameter(1, emailHash).setParameter(2, clientHash).setParameter(3, at)
                        .setParameter(4, since).setParameter(5, perAddress).setParameter(6, perClient)
                        .executeUpdate())
                .map(inserted -> inserted == 1));
    }

    private static Uni<Void> lock(Mutiny.Session session, String key) {
        return session.createNativeQuery("select count(*) from (select pg_advisory_xact_lock(hashtextextended(?1, 0))) locked",
                        Long.class)
                .setParameter(1, key).getSingleResult().replaceWithVoid();
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
