package dev.shopreviews.invitations.sending.service;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.LockMode;
import org.hibernate.reactive.mutiny.Mutiny;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The send queue in the database. A claim takes due invitations with FOR UPDATE SKIP LOCKED and leases them
 * (state sending, next_attempt_at = end of the lease) in one short transaction, so concurrent senders (threads or
 * replicas) never take the same invitation; a lease left by a crashed sender runs out and the invitation is taken again.
 */
@ApplicationScoped
public class SendClaims {
    private static final TypeReference<List<ReviewLink.Product>> PRODUCTS = new TypeReference<>() {
    };

    private final Mutiny.SessionFactory sessions;
    private final InvitationsConfig.Sending config;
    private static final List<InvitationState> CLAIMABLE =
            List.of(InvitationState.queued, InvitationState.retrying, InvitationState.sending);
    private final ObjectMapper mapper;
    private final DailyMailQuota quota;

    public SendClaims(Mutiny.SessionFactory sessions, InvitationsConfig config, ObjectMapper mapper, DailyMailQuota quota) {
        this.sessions = sessions;
        this.quota = quota;
        this.config = config.sending();
        this.mapper = mapper;
    }

    /** Claims up to {@code batch} invitations due at {@code now}; answers the ones to e-mail now. */
    public Uni<List<MailJob>> claim(Instant now, int batch) {
        // HQL, not native SQL: Hibernate Reactive never caches a native select's plan (docs/operations.md, Known issues).
        return sessions.withTransaction(session -> session.createSelectionQuery("""
                        from Invitation where state in (:states) and nextAttemptAt <= :now
                        order by nextAttemptAt, id""", Invitation.class)
                .setParameter("states", CLAIMABLE)
                .setParameter("now", now)
                .setMaxResults(batch)
                .setLockMode(LockMode.UPGRADE_SKIPLOCKED)
                .getResultList()
                .chain(due -> due.isEmpty() ? Uni.createFrom().item(List.<MailJob>of()) : lease(session, due, now)));
    }

    private Uni<List<MailJob>> lease(Mutiny.Session session, List<Invitation> due, Instant now) {
        return optedOut(session, due).chain(optedOut -> shops(session, due)
                .chain(shops -> quota.take(session, firstAttempts(due, optedOut), now).map(allowed -> {
            List<MailJob> jobs = new ArrayList<>();
            for (Invitation invitation : due) {
                if (optedOut.contains(invitation.id)) {
                    invitation.state = InvitationState.opted_out;
                } else if (invitation.attempts == 0 && allowed.merge(invitation.webshopId, -1, Integer::sum) < 0) {
                    // Today's quota of the webshop is used up: it waits, unchanged, for tomorrow's.
                    invitation.nextAttemptAt = DailyMailQuota.nextDay(now);
                } else if (invitation.attempts >= config.maxAttempts()) {
                    // Its last lease ran out (the sender died mid-send): no attempts left.
                    invitation.state = InvitationState.failed;
                    invitation.lastError = "lease expired after the last attempt";
                } else {
                    invitation.state = InvitationState.sending;
                    invitation.attempts++;
                    invitation.nextAttemptAt = now.plus(config.lease());
                    jobs.add(job(invitation, shops.get(invitation.webshopId)));
                }
            }
            return jobs;
        })));
    }

    /** How many first e-mails (not retries) the claim would send per webshop: what the daily quota counts. */
    private static Map<Long, Integer> firstAttempts(List<Invitation> due, Set<Long> optedOut) {
        return due.stream().filter(invitation -> invitation.attempts == 0 && !optedOut.contains(invitation.id))
                .collect(Collectors.toMap(invitation -> invitation.webshopId, invitation -> 1, Integer::sum));
    }

    private Uni<Set<Long>> optedOut(Mutiny.Session session, List<Invitation> due) {
        return session.createNativeQuery("""
                        select i.id from invitation i
                        join opt_out o on o.webshop_id = i.webshop_id and o.email = lower(i.email)
                        where i.id = any(?1)""", Long.class)
                .setParameter(1, due.stream().map(i -> i.id).toArray(Long[]::new))
                .getResultList()
                .map(HashSet::new);
    }

    private Uni<Map<Long, WebshopReplica>> shops(Mutiny.Session session, List<Invitation> due) {
        Set<Long> ids = due.stream().map(i -> i.webshopId).collect(Collectors.toSet());
        return session.createSelectionQuery("from WebshopReplica where id in (:ids)", WebshopReplica.class)
                .setParameter("ids", ids)
                .getResultList()
                .map(list -> list.stream().collect(Collectors.toMap(shop -> shop.id, Function.identity())));
    }

    private MailJob job(Invitation invitation, WebshopReplica shop) {
        return new MailJob(invitation.id, invitation.webshopId,
                shop == null ? null : shop.name, shop == null ? null : shop.mainLanguage,
                invitation.email, invitation.customerName, invitation.language, invitation.orderNumber,
                products(invitation.products), invitation.attempts);
    }

    private List<ReviewLink.Product> products(String json) {
        if (json == null) {
            return List.of();
        }
        try {
            return mapper.readValue(json, PRODUCTS);
        } catch (Exception e) {
            throw new IllegalStateException("Stored products are not readable", e);
        }
    }

    /** The e-mail went out. */
    public Uni<Void> sent(long invitationId, Instant at) {
        return sessions.withTransaction(session -> session.createNativeQuery(
                        "update invitation set state = 'sent', sent_at = ?2, last_error = null where id = ?1 and state = 'sending'")
                .setParameter(1, invitationId)
                .setParameter(2, at)
                .executeUpdate()
                .replaceWithVoid());
    }

    /** The attempt failed: retried at {@code retryAt}, or marked failed (kept, never dropped) when {@code giveUp}. */
    public Uni<Void> attemptFailed(long invitationId, String error, boolean giveUp, Instant retryAt) {
        String state = giveUp ? InvitationState.failed.name() : InvitationState.retrying.name();
        return sessions.withTransaction(session -> session.createNativeQuery("""
                        update invitation set state = ?2, last_error = ?3, next_attempt_at = ?4
                        where id = ?1 and state = 'sending'""")
                .setParameter(1, invitationId)
                .setParameter(2, state)
                .setParameter(3, error == null ? "unknown" : error.length() > 1000 ? error.substring(0, 1000) : error)
                .setParameter(4, retryAt)
                .executeUpdate()
                .replaceWithVoid());
    }
}
