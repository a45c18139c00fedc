package dev.shopreviews.invitations.erasure.service;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.events.ReviewLinkRevoked;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.invitations.erasure.repository.ErasureStatements;
import dev.shopreviews.invitations.optout.repository.OptOutRepository;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Applies a {@link CustomerErased} to this service's tables (docs/privacy.md, invitations-service rows), inside the
 * caller's transaction: the address's review links (their revocation announced on {@code review-links}), its
 * invitations, the order consents given for it or for the orders of those invitations, and the dead letters
 * mentioning it are deleted; an opt-out of its hash is recorded for the scope (that webshop, or every webshop), so
 * the address is never e-mailed there again. Applying it again finds nothing left and records nothing new.
 */
@ApplicationScoped
public class Erasures {
    private static final Logger LOG = Logger.getLogger(Erasures.class);

    private final ErasureStatements statements;
    private final OptOutRepository optOuts;
    private final DeadLetters deadLetters;
    private final Outbox outbox;

    public Erasures(ErasureStatements statements, OptOutRepository optOuts, DeadLetters deadLetters, Outbox outbox) {
        this.statements = statements;
        this.optOuts = optOuts;
        this.deadLetters = deadLetters;
        this.outbox = outbox;
    }

    public Uni<Void> apply(CustomerErased event) {
        long scope = event.webshopId();
        String hash = event.emailHash();
        Instant now = Instant.now();
        return statements.linkedInvitations(scope, hash)
                .call(linked -> statements.deleteReviewLinks(scope, hash))
                .call(linked -> announceRevoked(linked, now))
                .chain(() -> statements.deleteInvitationsAndConsents(scope, hash))
                .chain(() -> optOuts.addHash(scope, hash, now))
                .chain(() -> deadLetters.eraseMentioning(hash))
                .invoke(letters -> LOG.infof("Erasure %s applied (webshop %d, %d dead letter(s))", event.reference(),
                        scope, letters))
                .replaceWithVoid();
    }

    /** embed-service stops opening the review form for these invitations' links (it erases its copy itself too). */
    private Uni<Void> announceRevoked(List<String> linked, Instant now) {
        return Multi.createFrom().iterable(linked)
                .onItem().transformToUniAndConcatenate(pair -> {
                    String[] parts = pair.split(":");
                    long invitationId = Long.parseLong(parts[0]);
                    ReviewLinkRevoked revoked = new ReviewLinkRevoked(UUID.randomUUID().toString(), ReviewLinkRevoked.TYPE,
                            now, Long.parseLong(parts[1]), invitationId);
                    return outbox.append(Topics.REVIEW_LINKS, String.valueOf(invitationId), revoked);
                })
                .collect().last()
                .replaceWithVoid();
    }
}
