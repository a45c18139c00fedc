package dev.shopreviews.invitations.invitation.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.invitations.consent.repository.OrderConsent;
import dev.shopreviews.invitations.consent.repository.OrderConsentRepository;
import dev.shopreviews.invitations.consent.service.OrderConfirmations;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Adds invitations to the queue (spec 3.1, 4.1) and lists them (4.2). Call inside a transaction / session. */
@ApplicationScoped
public class InvitationService {
    private final InvitationRepository invitations;
    private final OrderConsentRepository consents;
    private final OrderConfirmations confirmations;
    private final ObjectMapper mapper;

    public InvitationService(InvitationRepository invitations, OrderConsentRepository consents,
                             OrderConfirmations confirmations, ObjectMapper mapper) {
        this.invitations = invitations;
        this.consents = consents;
        this.confirmations = confirmations;
        this.mapper = mapper;
    }

    public enum Added { QUEUED, ALREADY_USED }

    /**
     * Queues the invitation unless its email+order combination was used before. The order's consent decides the
     * rest: "ask me later" postpones it to the consent's delay; a review written in the pop-up means no e-mail,
     * and the order is confirmed on orders.confirmed in this same transaction.
     */
    public Uni<Added> add(long webshopId, NewInvitation request) {
        if (request.order().isEmpty()) {
            return insert(webshopId, request, null);
        }
        return invitations.lockOrder(webshopId, request.order())
                .chain(() -> consents.find(webshopId, request.order()))
                .chain(consent -> insert(webshopId, request, consent));
    }

    public Uni<List<Invitation>> newest(long webshopId, int offset, int limit) {
        return invitations.newest(webshopId, offset, limit);
    }

    private Uni<Added> insert(long webshopId, NewInvitation request, OrderConsent consent) {
        Invitation row = row(webshopId, request, consent, Instant.now());
        return invitations.insertIfNew(row).chain(inserted -> {
            if (!inserted) {
                return Uni.createFrom().item(Added.ALREADY_USED);
            }
            if (row.state == InvitationState.review_written) {
                return confirmations.confirm(webshopId, row.orderNumber, row.email).replaceWith(Added.QUEUED);
            }
            return Uni.createFrom().item(Added.QUEUED);
        });
    }

    Invitation row(long webshopId, NewInvitation request, OrderConsent consent, Instant now) {
        int delay = effectiveDelay(request.delayDays(), consent);
        Invitation row = new Invitation();
        row.webshopId = webshopId;
        row.email = request.email();
        row.orderNumber = request.order();
        row.language = request.language();
        row.delayDays = delay;
        row.customerName = request.customerName();
        row.phoneNumbers = json(request.phoneNumbers());
        row.orderTotal = request.orderTotal();
        row.products = json(request.products());
        row.client = request.client();
        row.platformVersion = request.platformVersion();
        row.pluginVersion = request.pluginVersion();
        row.state = consent != null && consent.reviewWritten() ? InvitationState.review_written : InvitationState.queued;
        row.createdAt = now;
        row.scheduledAt = scheduled(now, delay);
        row.nextAttemptAt = row.scheduledAt;
        return row;
    }

    /** Spec 3.1: the scheduled datetime reflects the delay in days (whole days of 24 hours, UTC). */
    public static Instant scheduled(Instant created, int delayDays) {
        return created.plus(Duration.ofDays(delayDays));
    }

    /** "Ask me later": never sooner than the delay the customer agreed to in the pop-up. */
    static int effectiveDelay(int requested, OrderConsent consent) {
        return consent != null && consent.askLater() ? Math.max(requested, consent.inviteDelayDays()) : requested;
    }

    private String json(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot store " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }
}
