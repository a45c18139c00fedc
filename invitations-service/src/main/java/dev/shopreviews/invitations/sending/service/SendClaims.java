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
import dev.shopreviews.invitations.sending.mail.MailLanguages;
import dev.shopreviews.invitations.template.mapping.MailKind;
import dev.shopreviews.invitations.template.mapping.TemplateSource;
import dev.shopreviews.invitations.template.repository.MailTemplate;
import dev.shopreviews.invitations.template.repository.MailTemplates;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Optional;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The send queue in the database. A claim takes due invitations with FOR UPDATE SKIP LOCKED and leases them
 * (state sending, next_attempt_at = end of the lease) in one short transaction, so concurrent senders (threads or
 * replicas) never take the same invitation; a lease left by a crashed sender runs out and the invitation is taken again.
 * An invitation of a deactivated webshop is marked failed in the claim ({@link #DEACTIVATED}) and never mailed.
 * Reminders of sent invitations are claimed the same way (reminder_due_at is their due time and lease).
 */
@ApplicationScoped
public class SendClaims {
    private static final TypeReference<List<ReviewLink.Product>> PRODUCTS = new TypeReference<>() {
    };

    /** The failure reason (last_error) of an invitation whose webshop was deactivated before it was mailed. */
    public static final String DEACTIVATED = "The webshop was deactivated.";
    /** How last_error starts when the reminder (not the invitation) failed. */
    public static final String REMINDER_FAILED = "Reminder: ";

    private final SendQueue queue;
    private final InvitationsConfig.Sending config;
    private static final List<InvitationState> CLAIMABLE =
            List.of(InvitationState.queued, InvitationState.retrying, InvitationState.sending);
    private final ObjectMapper mapper;
    private final DailyMailQuota quota;
    private final InvitationDefaultsRepository defaults;
    private final MailTemplates templates;

    public SendClaims(SendQueue queue, InvitationsConfig config, ObjectMapper mapper, DailyMailQuota quota,
                      InvitationDefaultsRepository defaults, MailTemplates templates) {
        this.queue = queue;
        this.templates = templates;
        this.defaults = defaults;
        this.quota = quota;
        this.config = config.sending();
        this.mapper = mapper;
    }

    /**
     * Claims up to {@code batch} e-mails due at {@code now} (one transaction): invitations first, then reminders of
     * sent invitations in what is left of the batch; answers the ones to e-mail now.
     */
    public Uni<List<MailJob>> claim(Instant now, int batch) {
        return Panache.withTransaction(() -> queue.lockDue(CLAIMABLE, now, batch)
                .chain(due -> (due.size() >= batch ? Uni.createFrom().item(List.<Invitation>of())
                        : queue.lockDueReminders(now, batch - due.size()))
                        .chain(reminders -> due.isEmpty() && reminders.isEmpty()
                                ? Uni.createFrom().item(List.<MailJob>of()) : lease(due, reminders, now))));
    }

    /** What a claim reads once per batch about the claimed invitations and their webshops. */
    private record Batch(Set<Long> optedOut, Set<Long> reviewed, Map<Long, WebshopReplica> shops,
                         Map<Long, InvitationDefaultsRepository.MailSettings> settings, Map<String, TemplateSource> templates) {
        InvitationDefaultsRepository.MailSettings settingsOf(long webshopId) {
            return settings.getOrDefault(webshopId, InvitationDefaultsRepository.MailSettings.NONE);
        }
    }

    /**
     * The webshops' settings (sender name, Reply-To, reminder days) and own templates are read here, once per batch:
     * a change in the dashboard applies to every e-mail not sent yet.
     */
    private Uni<List<MailJob>> lease(List<Invitation> due, List<Invitation> reminders, Instant now) {
        List<Invitation> all = new ArrayList<>(due);
        all.addAll(reminders);
        Set<Long> webshopIds = all.stream().map(i -> i.webshopId).collect(Collectors.toSet());
        return queue.optedOut(all)
                .chain(optedOut -> (reminders.isEmpty() ? Uni.createFrom().item(Set.<Long>of()) : queue.reviewedInPopup(reminders))
                .chain(reviewed -> queue.shops(webshopIds)
                .chain(shops -> defaults.mailSettings(webshopIds)
                .chain(settings -> templates.ofWebshops(webshopIds)
                .chain(own -> {
                    Batch batch = new Batch(optedOut, reviewed, shops, settings, byKey(own));
                    return quota.take(firstAttempts(due, reminders, batch), now).map(allowed -> {
                        List<MailJob> jobs = new ArrayList<>();
                        for (Invitation invitation : due) {
                            leaseInvitation(invitation, batch, allowed, now).ifPresent(jobs::add);
                        }
                        for (Invitation invitation : reminders) {
                            leaseReminder(invitation, batch, allowed, now).ifPresent(jobs::add);
                        }
                        return jobs;
                    });
                })))));
    }

    private Optional<MailJob> leaseInvitation(Invitation invitation, Batch batch, Map<Long, Integer> allowed, Instant now) {
        if (batch.optedOut().contains(invitation.id)) {
            invitation.state = InvitationState.opted_out;
        } else if (deactivated(batch.shops().get(invitation.webshopId))) {
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
            return Optional.of(job(invitation, batch, invitation.attempts, false));
        }
        return Optional.empty();
    }

    /**
     * A reminder goes out only while nothing speaks against it: no opt-out (an erasure is one), no review written in
     * the pop-up (one through the link clears it in the query), the webshop active and its reminders still on.
     * Otherwise it is dropped for good (reminder_due_at null).
     */
    private Optional<MailJob> leaseReminder(Invitation invitation, Batch batch, Map<Long, Integer> allowed, Instant now) {
        if (batch.optedOut().contains(invitation.id) || batch.reviewed().contains(invitation.id)
                || deactivated(batch.shops().get(invitation.webshopId))
                || batch.settingsOf(invitation.webshopId).reminderDays() == 0) {
            invitation.reminderDueAt = null;
        } else if (invitation.reminderAttempts == 0 && allowed.merge(invitation.webshopId, -1, Integer::sum) < 0) {
            invitation.reminderDueAt = DailyMailQuota.nextDay(now);
        } else if (invitation.reminderAttempts >= config.maxAttempts()) {
            invitation.reminderDueAt = null;
            invitation.lastError = REMINDER_FAILED + "lease expired after the last attempt";
        } else {
            invitation.reminderAttempts++;
            invitation.reminderDueAt = now.plus(config.lease());
            return Optional.of(job(invitation, batch, invitation.reminderAttempts, true));
        }
        return Optional.empty();
    }

    /** How many first e-mails (not retries) the claim would send per webshop: what the daily quota counts. */
    private static Map<Long, Integer> firstAttempts(List<Invitation> due, List<Invitation> reminders, Batch batch) {
        Map<Long, Integer> counts = new HashMap<>();
        for (Invitation invitation : due) {
            if (invitation.attempts == 0 && !batch.optedOut().contains(invitation.id)
                    && !deactivated(batch.shops().get(invitation.webshopId))) {
                counts.merge(invitation.webshopId, 1, Integer::sum);
            }
        }
        for (Invitation invitation : reminders) {
            if (invitation.reminderAttempts == 0 && !batch.optedOut().contains(invitation.id)
                    && !batch.reviewed().contains(invitation.id) && !deactivated(batch.shops().get(invitation.webshopId))
                    && batch.settingsOf(invitation.webshopId).reminderDays() > 0) {
                counts.merge(invitation.webshopId, 1, Integer::sum);
            }
        }
        return counts;
    }

    private static Map<String, TemplateSource> byKey(List<MailTemplate> own) {
        Map<String, TemplateSource> byKey = new HashMap<>();
        for (MailTemplate template : own) {
            byKey.put(key(template.webshopId, template.kind, template.language),
                    new TemplateSource(template.subject, template.html, template.text));
        }
        return byKey;
    }

    private static String key(long webshopId, String kind, String language) {
        return webshopId + "/" + kind + "/" + language;
    }

    /** A replica the operator deactivated (an unknown shop is not: its job fails and is retried until the replica arrives). */
    private static boolean deactivated(WebshopReplica shop) {
        return shop != null && !shop.active;
    }

    private MailJob job(Invitation invitation, Batch batch, int attempt, boolean reminder) {
        WebshopReplica shop = batch.shops().get(invitation.webshopId);
        InvitationDefaultsRepository.MailSettings settings = batch.settingsOf(invitation.webshopId);
        String mailLanguage = MailLanguages.resolve(invitation.language, shop == null ? null : shop.mainLanguage);
        MailKind kind = reminder ? MailKind.reminder : MailKind.invitation;
        return new MailJob(invitation.id, invitation.webshopId,
                shop == null ? null : shop.name, shop == null ? null : shop.mainLanguage,
                invitation.email, invitation.customerName, invitation.language, invitation.orderNumber,
                products(invitation.products), attempt, settings.senderName(), settings.replyTo(), reminder, mailLanguage,
                batch.templates().get(key(invitation.webshopId, kind.name(), mailLanguage)));
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

    /** The reminder went out (one transaction). */
    public Uni<Void> reminded(long invitationId, Instant at) {
        return Panache.withTransaction(() -> queue.markReminded(invitationId, at));
    }

    /** The reminder's attempt failed: retried at {@code retryAt}, or never when {@code giveUp} (the invitation stays sent). */
    public Uni<Void> reminderFailed(long invitationId, String error, boolean giveUp, Instant retryAt) {
        return Panache.withTransaction(() -> queue.markReminderFailed(invitationId, stored(REMINDER_FAILED + error),
                giveUp ? null : retryAt));
    }

    private static String stored(String error) {
        return error == null ? "unknown" : error.length() > 1000 ? error.substring(0, 1000) : error;
    }

    /** The attempt failed: retried at {@code retryAt}, or marked failed (kept, never dropped) when {@code giveUp}. */
    public Uni<Void> attemptFailed(long invitationId, String error, boolean giveUp, Instant retryAt) {
        InvitationState state = giveUp ? InvitationState.failed : InvitationState.retrying;
        return Panache.withTransaction(() -> queue.markAttemptFailed(invitationId, state, stored(error), retryAt));
    }
}
