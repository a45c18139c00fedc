package dev.shopreviews.invitations.invitation.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.invitations.consent.service.OrderConfirmations;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Adds invitations to the queue (spec 3.1, 4.1) and lists them (4.2). Call inside a session. */
@ApplicationScoped
public class InvitationService {
    private final InvitationRepository invitations;
    private final OrderConfirmations confirmations;
    private final ObjectMapper mapper;

    public InvitationService(InvitationRepository invitations, OrderConfirmations confirmations, ObjectMapper mapper) {
        this.invitations = invitations;
        this.confirmations = confirmations;
        this.mapper = mapper;
    }

    public enum Added { QUEUED, ALREADY_USED }

    /**
     * Queues the invitation unless its email+order combination was used before. The order's consent decides the
     * rest: "ask me later" postpones it to the consent's delay; a review written in the pop-up means no e-mail,
     * and the order is confirmed on orders.confirmed in the same transaction that stores the invitation.
     * Call inside a session; the common case is one statement (InvitationRepository#addApplyingConsent).
     */
    public Uni<Added> add(long webshopId, NewInvitation request) {
        Instant now = Instant.now();
        return invitations.addApplyingConsent(row(webshopId, request, InvitationState.queued, now))
                .chain(outcome -> switch (outcome) {
                    case QUEUED -> Uni.createFrom().item(Added.QUEUED);
                    case ALREADY_USED -> Uni.createFrom().item(Added.ALREADY_USED);
                    case REVIEW_WRITTEN -> Panache.withTransaction(() -> addForWrittenReview(webshopId, request, now));
                });
    }

    public Uni<List<Invitation>> newest(long webshopId, int offset, int limit) {
        return invitations.newest(webshopId, offset, limit);
    }

    /**
     * Stores the invitation as review_written and confirms the order. A written review stays written
     * (OrderConsentRepository#upsert), so the consent the database function saw still holds.
     */
    private Uni<Added> addForWrittenReview(long webshopId, NewInvitation request, Instant now) {
        Invitation row = row(webshopId, request, InvitationState.review_written, now);
        return invitations.lockOrder(webshopId, row.orderNumber)
                .chain(() -> invitations.insertIfNew(row))
                .chain(inserted -> inserted
                        ? confirmations.confirm(webshopId, row.orderNumber, row.email).replaceWith(Added.QUEUED)
                        : Uni.createFrom().item(Added.ALREADY_USED));
    }

    Invitation row(long webshopId, NewInvitation request, InvitationState state, Instant now) {
        Invitation row = new Invitation();
        row.webshopId = webshopId;
        row.email = request.email();
        row.orderNumber = request.order();
        row.language = request.language();
        row.delayDays = request.delayDays();
        row.customerName = request.customerName();
        row.phoneNumbers = json(request.phoneNumbers());
        row.orderTotal = request.orderTotal();
        row.products = json(request.products());
        row.client = request.client();
        row.platformVersion = request.platformVersion();
        row.pluginVersion = request.pluginVersion();
        row.state = state;
        row.createdAt = now;
        row.scheduledAt = scheduled(now, row.delayDays);
        row.nextAttemptAt = row.scheduledAt;
        return row;
    }

    /** Spec 3.1: the scheduled datetime reflects the delay in days (whole days of 24 hours, UTC). */
    public static Instant scheduled(Instant created, int delayDays) {
        return created.plus(Duration.ofDays(delayDays));
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
