package dev.shopreviews.ratings.reply.repository;

import dev.shopreviews.common.privacy.EmailHash;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/** The queued reply notifications: queued with a reply, counted for the daily quota, claimed by the notifier. */
@ApplicationScoped
public class ReplyNotificationRepository implements PanacheRepositoryBase<ReplyNotification, Long> {

    /** How many notifications the webshop queued since then (its reviews' notifications). */
    public Uni<Long> queuedSince(long webshopId, Instant since) {
        return getSession().chain(session -> session.createSelectionQuery(
                        "select count(n) from ReplyNotification n, Review r where r.id = n.reviewId "
                                + "and r.webshopId = ?1 and n.createdAt >= ?2", Long.class)
                .setParameter(1, webshopId).setParameter(2, since).getSingleResult());
    }

    /**
     * Claims up to {@code limit} due, unsent notifications with fewer than {@code maxAttempts} attempts, oldest first,
     * locked for the rest of the transaction and skipped by other replicas (FOR UPDATE SKIP LOCKED). Native SQL, run
     * once per poll.
     */
    public Uni<List<ReplyNotification>> claimDue(int maxAttempts, int limit) {
        return getSession().chain(session -> session.createNativeQuery(
                        "select * from reply_notification where sent_at is null and next_try_at <= now() and attempts < ?1 "
                                + "order by id limit " + limit + " for update skip locked", ReplyNotification.class)
                .setParameter(1, maxAttempts)
                .getResultList());
    }

    /** The notifications addressed to this e-mail address (lower case), oldest first: the reviewer's export. */
    public Uni<List<ReplyNotification>> ofRecipient(String email) {
        return list("lower(recipient) = ?1 order by id", email.trim().toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * Deletes the notifications to the address of this {@code EmailHash}, about reviews of one webshop or of every
     * webshop ({@code webshopId} 0): an erasure.
     */
    public Uni<Integer> eraseFor(String emailHash, long webshopId) {
        return getSession().chain(session -> session.createNativeQuery("delete from reply_notification n where "
                                + String.format(EmailHash.SQL, "n.recipient") + " = ?1 and (cast(?2 as bigint) = 0 or exists "
                                + "(select 1 from review r where r.id = n.review_id and r.webshop_id = ?2))")
                .setParameter(1, emailHash).setParameter(2, webshopId).executeUpdate());
    }

    /** Deletes the notifications sent before the cutoff: retention. */
    public Uni<Long> deleteSentBefore(Instant cutoff) {
        return delete("sentAt is not null and sentAt < ?1", cutoff);
    }
}
