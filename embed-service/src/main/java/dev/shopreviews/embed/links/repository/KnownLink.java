package dev.shopreviews.embed.links.repository;

import dev.shopreviews.common.privacy.EmailHash;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A review link announced by invitations-service (table known_review_link, migration V3), known by its hash. */
@Entity
@Table(name = "known_review_link")
public class KnownLink extends PanacheEntityBase {
    @Id
    @Column(name = "ref_hash")
    public String refHash;

    @Column(name = "invitation_id", nullable = false)
    public long invitationId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    /** The {@code ReviewLink} as JSON: what the form shows and submits. */
    @Column(nullable = false, columnDefinition = "text")
    public String link;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "revoked_at")
    public Instant revokedAt;

    /** When invitations-service issued the link (the event's occurred_at; migration V6, null for older rows). */
    @Column(name = "announced_at")
    public Instant announcedAt;

    /** When the link's form was first served (GET); set once by {@link #openAndFind}, never changed after. */
    @Column(name = "opened_at")
    public Instant openedAt;

    /**
     * The link with hash {@code refHash} (null if unknown), and in the same statement, when it is usable at
     * {@code now} (not revoked, not expired) and was never opened, its {@code opened_at} set to {@code now}. The row
     * lock is taken with skip locked, so a concurrent change of the row never makes the page wait (the open is then
     * not recorded by this request). The answered row is the one before the update. Outside a transaction the
     * statement commits by itself.
     */
    public static Uni<KnownLink> openAndFind(String refHash, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        with opened as (
                            update known_review_link set opened_at = ?2
                            where ref_hash = (select k.ref_hash from known_review_link k
                                              where k.ref_hash = ?1 and k.opened_at is null and k.revoked_at is null
                                                and k.expires_at > ?2
                                              for update skip locked)
                            returning ref_hash)
                        select * from known_review_link where ref_hash = ?1""", KnownLink.class)
                .setParameter(1, refHash)
                .setParameter(2, now)
                .getSingleResultOrNull());
    }

    /**
     * Deletes the links whose customer's address has the hash {@code emailHash} (the e-mail of the stored
     * {@code ReviewLink} JSON, hashed in SQL as {@link EmailHash#SQL}), at one webshop or every one ({@code webshopId}
     * 0): an erasure. One statement, nothing loaded. Call inside a transaction.
     */
    public static Uni<Integer> eraseNaming(long webshopId, String emailHash) {
        String hash = String.format(EmailHash.SQL, "(cast(link as jsonb) ->> 'email')");
        return Panache.getSession().chain(session -> session
                .createNativeQuery("delete from known_review_link where (?2 = 0 or webshop_id = ?2) and " + hash + " = ?1")
                .setParameter(1, emailHash)
                .setParameter(2, webshopId)
                .executeUpdate());
    }

    /**
     * Before the links that expired before {@code cutoff} are deleted (retention): adds their openings to
     * known_review_link_opens, per webshop and UTC day of announcement, so the dashboard's counts outlive the rows.
     * One statement; call inside the transaction that deletes them, with the same cutoff.
     */
    public static Uni<Integer> keepOpensOfExpiredBefore(Instant cutoff) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into known_review_link_opens (webshop_id, announced_on, opened)
                        select webshop_id, cast(announced_at at time zone 'UTC' as date), count(*)
                        from known_review_link
                        where expires_at < ?1 and opened_at is not null and announced_at is not null
                        group by webshop_id, cast(announced_at at time zone 'UTC' as date)
                        on conflict (webshop_id, announced_on)
                        do update set opened = known_review_link_opens.opened + excluded.opened""")
                .setParameter(1, cutoff)
                .executeUpdate());
    }

    public static Uni<Integer> revokeAll(long invitationId, Instant at) {
        return update("revokedAt = ?1 where invitationId = ?2 and revokedAt is null", at, invitationId);
    }
}
