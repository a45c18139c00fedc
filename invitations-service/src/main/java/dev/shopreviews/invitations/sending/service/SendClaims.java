package dev.shopreviews.invitations.sending.service;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationDefaultsRepository;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import dev.shopreviews.invitations.sending.repository.SendQueue;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The send queue in the database. A claim takes due invitations with FOR UPDATE SKIP LOCKED and leases them
 * (state sending, next_attempt_at = end of the lease) in one short transaction, so concurrent senders (threads or
 * replicas) never take the same invitation; a lease left by a crashed sender runs out and the invitation is taken again.
 * An invitation of a deactivated webshop is marked failed in the claim ({@link #DEACTIVATED}) and never mailed.
 */
@ApplicationScoped
public class SendClaims {
    private static final TypeReference<List<ReviewLink.Product>> PRODUCTS = new TypeReference<>() {
    };

    /** The failure reason (last_error) of an invitation whose webshop was deactivated before it was mailed. */
    public static final String DEACTIVATED = "The webshop was deactivated.";

    private final SendQueue queue;
    private final InvitationsConfig.Sending config;
    private static final List<InvitationState> CLAIMABLE =
            List.of(InvitationState.queued, InvitationState.retrying, InvitationState.sending);
    private final ObjectMapper mapper;
    private final DailyMailQuota quota;
    private final InvitationDefaultsRepository defaults;

    public SendClaims(SendQueue queue, InvitationsConfig config, ObjectMapper mapper, DailyMailQuota quota,
                      InvitationDefaultsRepository defaults) {
        this.queue = queue;
        this.defaults = defaults;
        this.quota = quota;
        this.config = config.sending();
        this.mapper = mapper;
    }

    /** Claims up to {@code batch} invitations due at {@code now} (one transaction); answers the ones to e-mail now. */
    public Uni<List<MailJob>> claim(Instant now, int batch) {
        return Panache.withTransaction(() -> queue.lockDue(CLAIMABLE, now, batch)
                .chain(due -> due.isEmpty() ? Uni.createFrom().item(List.<MailJob>of()) : lease(due, now)));
    }

    /**
     * The webshops' sender names are read here, once per batch: a change in the dashboard applies to every invitation
     * not sent yet.
     */
    private Uni<List<MailJob>> lease(List<Invitation> due, Instant now) {
        Set<Long> webshopIds = due.stream().map(i -> i.webshopId).collect(Collectors.toSet());
        return queue.optedOut(due).chain(optedOut -> queue.shops(webshopIds)
                .chain(shops -> defaults.senderNames(webshopIds).chain(senderNames ->
                        quota.take(firstAttempts(due, optedOut, shops), now).map(allowed -> {
            List<MailJob> jobs = new ArrayList<>();
            for (Invitation invitation : due) {
                if (optedOut.contains(invitation.id)) {
                    invitation.state = InvitationState.opted_out;
                } else if (deactivated(shops.get(invitation.webshopId))) {
                    // Never mailed, and final: a later reactivation does not send it either.
                    invitation.state = InvitationState.failed;
                    invitation.lastError = DEACTIVATED;
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
                    jobs.add(job(invitation, shops.get(invitation.webshopId), senderNames.get(invitation.webshopId)));
                }
            }
            return jobs;
        }))));
    }

    /** How many first e-mails (not retries) the claim would send per webshop: what the daily quota counts. */
    private static Map<Long, Integer> firstAttempts(List<Invitation> due, Set<Long> optedOut, Map<Long, WebshopReplica> shops) {
        return due.stream().filter(invitation -> invitation.attempts == 0 && !optedOut.contains(invitation.id)
                        && !deactivated(shops.get(invitation.webshopId)))
                .collect(Collectors.toMap(invitation -> invitation.webshopId, invitation -> 1, Integer::sum));
    }

    /** A replica the operator deactivated (an unknown shop is not: its job fails and is retried until the replica arrives). */
    private static boolean deactivated(WebshopReplica shop) {
        return shop != null && !shop.active;
    }

    private MailJob job(Invitation invitation, WebshopReplica shop, String senderName) {
        return new MailJob(invitation.id, invitation.webshopId,
                shop == null ? null : shop.name, shop == null ? null : shop.mainLanguage,
                invitation.email, invitation.customerName, invitation.language, invitation.orderNumber,
                products(invitation.products), invitation.attempts, senderName);
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

    /** The e-mail went out (one transaction). */
    public Uni<Void> sent(long invitationId, Instant at) {
        return Panache.withTransaction(() -> queue.markSent(invitationId, at));
    }

    /** The attempt failed: retried at {@code retryAt}, or marked failed (kept, never dropped) when {@code giveUp}. */
    public Uni<Void> attemptFailed(long invitationId, String error, boolean giveUp, Instant retryAt) {
        InvitationState state = giveUp ? InvitationState.failed : InvitationState.retrying;
        String stored = error == null ? "unknown" : error.length() > 1000 ? error.substring(0, 1000) : error;
        return Panache.withTransaction(() -> queue.markAttemptFailed(invitationId, state, stored, retryAt));
    }
}
