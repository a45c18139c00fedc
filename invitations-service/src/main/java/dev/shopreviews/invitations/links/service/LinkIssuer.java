package dev.shopreviews.invitations.links.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.events.ReviewLinkIssued;
import dev.shopreviews.common.events.ReviewLinkRevoked;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.LinkReferences;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import dev.shopreviews.invitations.links.repository.IssuedLink;
import dev.shopreviews.invitations.links.repository.IssuedLinks;
import dev.shopreviews.invitations.sending.service.MailJob;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Issues the opaque reference of one invitation e-mail: stores its hash and announces it on {@code review-links}
 * (outbox, same transaction) so embed-service can open the review form for it. The reference itself leaves only
 * in the e-mail.
 */
@ApplicationScoped
public class LinkIssuer {
    private final IssuedLinks links;
    private final Outbox outbox;
    private final InvitationsConfig config;
    private final InvitationRepository invitations;
    private final AuditLog audit;

    public LinkIssuer(IssuedLinks links, Outbox outbox, InvitationsConfig config, InvitationRepository invitations,
                      AuditLog audit) {
        this.links = links;
        this.audit = audit;
        this.invitations = invitations;
        this.outbox = outbox;
        this.config = config;
    }

    /**
     * Issues a reference for the e-mail of {@code job} in {@code language}; commits before answering it. Called by the
     * sender (a scheduled job, no request), hence its own Panache.withTransaction.
     */
    public Uni<String> issue(MailJob job, String language, Instant now) {
        String reference = LinkReferences.newReference();
        IssuedLink row = new IssuedLink();
        row.refHash = LinkReferences.hash(reference);
        row.invitationId = job.invitationId();
        row.webshopId = job.webshopId();
        row.email = job.email();
        row.language = language;
        row.createdAt = now;
        row.expiresAt = now.plus(config.reviewLinkValidity());
        ReviewLink link = new ReviewLink(job.webshopId(), job.invitationId(), job.orderNumber(), job.email(),
                job.customerName(), language, job.products(), row.expiresAt.getEpochSecond());
        ReviewLinkIssued event = new ReviewLinkIssued(UUID.randomUUID().toString(), ReviewLinkIssued.TYPE, now,
                row.refHash, link);
        // The invitation is locked (shared) while its link is stored: an erasure applied since the claim deleted it, and
        // then nothing is issued or mailed; one applied from now on waits for this commit and deletes the link too.
        return Panache.withTransaction(() -> invitations.lockShared(job.invitationId())
                        .invoke(found -> {
                            if (!found) {
                                throw new IllegalStateException("invitation " + job.invitationId() + " no longer exists (erased)");
                            }
                        })
                        .chain(() -> links.persist(row))
                        .chain(() -> outbox.append(Topics.REVIEW_LINKS, String.valueOf(job.invitationId()), event)))
                .replaceWith(reference);
    }

    /** The stored link of a well-formed reference (revoked and expired ones too), if any. Call inside a session. */
    public Uni<Optional<IssuedLink>> find(String reference) {
        if (!LinkReferences.wellFormed(reference)) {
            return Uni.createFrom().item(Optional.empty());
        }
        return links.findById(LinkReferences.hash(reference)).map(Optional::ofNullable);
    }

    /**
     * Revokes every link of the invitation here and in embed-service (outbox, same transaction); answers how many.
     * Audited in that transaction: {@code who}, action {@code invitation.revoke_links}, subject
     * {@code invitation:<id>}, how many links. Fails with 404 (envelope) when there is no such invitation.
     */
    @WithTransaction
    public Uni<Integer> revokeAll(long invitationId, Actor who) {
        return invitations.findById(invitationId).chain(invitation -> {
            if (invitation == null) {
                throw new EnvelopeException(404, "No such invitation.");
            }
            Instant now = Instant.now();
            ReviewLinkRevoked event = new ReviewLinkRevoked(UUID.randomUUID().toString(), ReviewLinkRevoked.TYPE, now,
                    invitation.webshopId, invitationId);
            return links.revokeAll(invitationId, now).call(revoked -> revoked == 0
                    ? Uni.createFrom().voidItem()
                    : outbox.append(Topics.REVIEW_LINKS, String.valueOf(invitationId), event))
                    .call(revoked -> audit.record(who, "invitation.revoke_links", "invitation:" + invitationId,
                            invitation.webshopId, null, Map.of("revoked", revoked)));
        });
    }
}
