package dev.shopreviews.invitations.invitation.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.consent.service.OrderConfirmations;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationIntake;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository.AddOutcome;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import dev.shopreviews.invitations.invitation.mapping.InvitationView;

import java.util.List;

/** Adds invitations to the queue (spec 3.1, 4.1) and lists them (4.2). */
@ApplicationScoped
public class InvitationService {
    private final InvitationRepository invitations;
    private final OrderConfirmations confirmations;
    private final ObjectMapper mapper;
    private final RequestCoalescer<Invitation, AddOutcome> intake;
    private final InvitationIntake limitedIntake;

    public InvitationService(InvitationRepository invitations, InvitationIntake intake,
                             OrderConfirmations confirmations, ObjectMapper mapper, InvitationsConfig config) {
        this.invitations = invitations;
        this.confirmations = confirmations;
        this.mapper = mapper;
        this.limitedIntake = intake;
        this.intake = new RequestCoalescer<>(intake::add, config.intake().maxBatch(), config.intake().maxConcurrent());
    }

    public enum Added { QUEUED, ALREADY_USED, LIMIT_REACHED }

    /**
     * Queues the invitation unless its email+order combination was used before. The order's consent decides the
     * rest: "ask me later" postpones it to the consent's delay; a review written in the pop-up means no e-mail,
     * and the order is confirmed on orders.confirmed in the same transaction that stores the invitation.
     * Needs no session: the common case goes to the database together with the adds of other requests under way
     * (one statement, one commit); the rare review-written case opens its own session and transaction.
     */
    public Uni<Added> add(long webshopId, NewInvitation request) {
        Invitation row = row(webshopId, request, Instant.now());
        // With a limit per address the add is a statement of its own, under the address's lock (add_invitation_within_limit).
        Uni<AddOutcome> stored = request.maxInvitationsPerEmail() == null
                ? intake.submit(row) : limitedIntake.addWithinLimit(row, request.maxInvitationsPerEmail());
        return stored.chain(outcome -> outcome == AddOutcome.REVIEW_WRITTEN
                // In code: a second transaction after the intake's own commit, and only when the review was written.
                ? Panache.withTransaction(() -> addConfirmingOrder(row))
                : Uni.createFrom().item(added(outcome)));
    }

    /** Call inside a session. With each invitation's status (the extension of spec 4.2's item). */
    public Uni<List<InvitationView>> newest(long webshopId, int offset, int limit) {
        return invitations.newest(webshopId, offset, limit).chain(page -> invitations.reviewedInPopup(page)
                .map(reviewed -> page.stream().map(i -> InvitationView.of(i, reviewed.contains(i.id))).toList()));
    }

    /** Call inside a session. How many invitations the webshop has (4.2's total, an extension). */
    public Uni<Long> total(long webshopId) {
        return invitations.count("webshopId", webshopId);
    }

    /** The review was written in the pop-up: storing the invitation and announcing the order are one transaction. */
    private Uni<Added> addConfirmingOrder(Invitation row) {
        return invitations.addInTransaction(row).chain(outcome -> outcome == AddOutcome.REVIEW_WRITTEN
                ? confirmations.confirm(row.webshopId, row.orderNumber, row.email).replaceWith(Added.QUEUED)
                : Uni.createFrom().item(added(outcome)));
    }

    private static Added added(AddOutcome outcome) {
        return switch (outcome) {
            case ALREADY_USED -> Added.ALREADY_USED;
            case LIMIT_REACHED -> Added.LIMIT_REACHED;
            default -> Added.QUEUED;
        };
    }

    /** The request as a row; the database function decides its state, delay and schedule. */
    Invitation row(long webshopId, NewInvitation request, Instant now) {
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
        row.createdAt = now;
        return row;
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
