package dev.shopreviews.invitations.sending.repository;

import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import dev.shopreviews.invitations.optout.repository.OptOutRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.LockMode;

import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The send queue's statements (table invitation), in the session Panache uses. Call inside a transaction: the
 * sender's claim takes due rows with FOR UPDATE SKIP LOCKED and leases them before its commit.
 */
@ApplicationScoped
public class SendQueue {

    /** Up to {@code batch} invitations in {@code states} due at {@code now}, locked, skipping those other senders hold. */
    public Uni<List<Invitation>> lockDue(List<InvitationState> states, Instant now, int batch) {
        // HQL, not native SQL: Hibernate Reactive never caches a native select's plan (docs/operations.md, Known issues).
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        from Invitation where state in (:states) and nextAttemptAt <= :now
                        order by nextAttemptAt, id""", Invitation.class)
                .setParameter("states", states)
                .setParameter("now", now)
                .setMaxResults(batch)
                .setLockMode(LockMode.UPGRADE_SKIPLOCKED)
                .getResultList());
    }

    /**
     * Up to {@code batch} sent invitations whose reminder is due at {@code now} (not reminded, no review known),
     * locked, skipping those other senders hold (index invitation_reminder_due).
     */
    public Uni<List<Invitation>> lockDueReminders(Instant now, int batch) {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        from Invitation where reminderDueAt <= :now and state = :sent and remindedAt is null
                            and reviewedAt is null
                        order by reminderDueAt, id""", Invitation.class)
                .setParameter("now", now)
                .setParameter("sent", InvitationState.sent)
                .setMaxResults(batch)
                .setLockMode(LockMode.UPGRADE_SKIPLOCKED)
                .getResultList());
    }

    /** The ids among {@code due} whose customer wrote the review in the consent pop-up (for the invitation's address). */
    public Uni<Set<Long>> reviewedInPopup(List<Invitation> due) {
        // HQL: a native select's plan is never cached (docs/operations.md, Known issues).
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select i.id from Invitation i where i.id in (:ids) and i.orderNumber <> '' and exists (
                            select 1 from OrderConsentRow c where c.webshopId = i.webshopId and c.orderNumber = i.orderNumber
                                and c.emailKey = lower(i.email) and c.choice = 'review_written')""", Long.class)
                .setParameter("ids", due.stream().map(i -> i.id).toList())
                .getResultList()
                .map(HashSet::new));
    }

    /**
     * The ids among {@code due} whose address opted out of their webshop's e-mails, or of every webshop's (an opt-out
     * is stored as the address's hash, OptOutRepository).
     */
    public Uni<Set<Long>> optedOut(List<Invitation> due) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select i.id from invitation i where i.id = any(?1) and " + OptOutRepository.OPTED_OUT_INVITATION,
                        Long.class)
                .setParameter(1, due.stream().map(i -> i.id).toArray(Long[]::new))
                .getResultList()
                .map(HashSet::new));
    }

    /** The webshop replicas of these ids, by id (unknown ids are missing). */
    public Uni<Map<Long, WebshopReplica>> shops(Collection<Long> ids) {
        return Panache.getSession().chain(session -> session
                .createSelectionQuery("from WebshopReplica where id in (:ids)", WebshopReplica.class)
                .setParameter("ids", ids)
                .getResultList()
                .map(list -> list.stream().collect(Collectors.toMap(shop -> shop.id, Function.identity()))));
    }

    /** The invitations still to be e-mailed, and since when the longest-waiting due one is due (null: none is due). */
    public record Backlog(long queued, Instant oldestDue) {
    }

    /** The send queue's size and its oldest due invitation as of {@code now} (index invitation_due). */
    public Uni<Backlog> backlog(Instant now) {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select count(*), min(case when nextAttemptAt <= :now and state <> :sending then nextAttemptAt end)
                        from Invitation where state in (:states)""", Object[].class)
                .setParameter("now", now)
                .setParameter("sending", InvitationState.sending)
                .setParameter("states", List.of(InvitationState.queued, InvitationState.retrying, InvitationState.sending))
                .getSingleResult()
                .map(row -> new Backlog(((Number) row[0]).longValue(), (Instant) row[1])));
    }

    /**
     * The e-mail of a leased invitation went out. When its webshop has reminders on, the reminder is due that many
     * days later (a later change of the days applies to invitations sent afterwards; switching reminders off stops
     * every reminder not sent yet, see SendClaims).
     */
    public Uni<Void> markSent(long invitationId, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        update invitation set state = 'sent', sent_at = ?2, last_error = null,
                            reminder_due_at = (select cast(?2 as timestamptz) + make_interval(days => d.reminder_days) from invitation_defaults d
                                               where d.webshop_id = invitation.webshop_id and d.reminder_days > 0)
                        where id = ?1 and state = 'sending'""")
                .setParameter(1, invitationId)
                .setParameter(2, at)
                .executeUpdate()
                .replaceWithVoid());
    }

    /** The reminder of a leased invitation went out: never another one. */
    public Uni<Void> markReminded(long invitationId, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "update invitation set reminded_at = ?2, reminder_due_at = null where id = ?1 and reminded_at is null")
                .setParameter(1, invitationId)
                .setParameter(2, at)
                .executeUpdate()
                .replaceWithVoid());
    }

    /**
     * A reminder's attempt failed: tried again at {@code retryAt}, or (null) never; the error is kept in last_error,
     * the invitation itself stays sent.
     */
    public Uni<Void> markReminderFailed(long invitationId, String error, Instant retryAt) {
        String due = retryAt == null ? "null" : "?3";
        return Panache.getSession().chain(session -> {
            var update = session.createNativeQuery("""
                            update invitation set last_error = ?2, reminder_due_at = %s
                            where id = ?1 and reminded_at is null and reminder_due_at is not null""".formatted(due))
                    .setParameter(1, invitationId)
                    .setParameter(2, error);
            if (retryAt != null) {
                update.setParameter(3, retryAt);
            }
            return update.executeUpdate().replaceWithVoid();
        });
    }

    /** A leased invitation's attempt failed: {@code state} retrying (again at {@code retryAt}) or failed. */
    public Uni<Void> markAttemptFailed(long invitationId, InvitationState state, String error, Instant retryAt) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        update invitation set state = ?2, last_error = ?3, next_attempt_at = ?4
                        where id = ?1 and state = 'sending'""")
                .setParameter(1, invitationId)
                .setParameter(2, state.name())
                .setParameter(3, error)
                .setParameter(4, retryAt)
                .executeUpdate()
                .replaceWithVoid());
    }
}
