package dev.shopreviews.embed.links.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.links.LinkReferences;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.messaging.Failures;
import dev.shopreviews.embed.links.repository.KnownLink;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.time.Instant;

/** Looks up the opaque reference of a review link ({@code ?ref=}); only its hash is ever stored or compared. */
@ApplicationScoped
public class ReviewLinks {
    private static final Logger LOG = Logger.getLogger(ReviewLinks.class);
    /**
     * The pauses before each new look for a well-formed reference that is not known yet (3 s in all): the invitation
     * e-mail can reach a fast customer before this service has consumed the link's announcement (seen on a loaded
     * machine: the page opened 0.4 s before the record was read).
     */
    static final long[] UNANNOUNCED_PAUSES_MS = {250, 500, 1000, 1250};

    /** What a reference leads to: a usable link, or why not. */
    public sealed interface Lookup {
    }

    public record Usable(ReviewLink link) implements Lookup {
    }

    /** Unknown, malformed or revoked: the same answer for each, so nothing about other links can be learnt. */
    public record Invalid() implements Lookup {
    }

    public record Expired(String language) implements Lookup {
    }

    private final ObjectMapper mapper;
    private final Vertx vertx;
    private final LinkWaits waits;

    public ReviewLinks(ObjectMapper mapper, Vertx vertx, LinkWaits waits) {
        this.mapper = mapper;
        this.vertx = vertx;
        this.waits = waits;
    }

    /**
     * Completes once a well-formed {@code reference} is known (revoked and expired ones included), or after
     * {@link #UNANNOUNCED_PAUSES_MS} when it never becomes known; at once for a malformed one, and after one look when
     * {@code client} may not wait now ({@link LinkWaits}). Each look is a short session of its own and no session is
     * open during a pause, so waiting requests hold no database connection. Call outside a session, before the lookup
     * that answers the page.
     */
    public Uni<Void> awaitAnnounced(String reference, String client) {
        if (!LinkReferences.wellFormed(reference)) {
            return Uni.createFrom().voidItem();
        }
        String hash = LinkReferences.hash(reference);
        return known(hash).chain(found -> found || !waits.admit(client)
                ? Uni.createFrom().voidItem()
                : lookAgain(hash, 0).eventually(waits::release));
    }

    private Uni<Void> lookAgain(String hash, int attempt) {
        return pause(UNANNOUNCED_PAUSES_MS[attempt]).chain(() -> known(hash)).chain(found ->
                found || attempt + 1 == UNANNOUNCED_PAUSES_MS.length ? Uni.createFrom().voidItem() : lookAgain(hash, attempt + 1));
    }

    private static Uni<Boolean> known(String hash) {
        return Panache.withSession(() -> KnownLink.<KnownLink>findById(hash)).map(link -> link != null);
    }

    /** A pause on this request's Vert.x context (the next look runs where a reactive session may be opened). */
    private Uni<Void> pause(long millis) {
        return Uni.createFrom().emitter(emitter -> vertx.setTimer(millis, id -> emitter.complete(null)));
    }

    public Uni<Lookup> find(String reference, Instant now) {
        if (!LinkReferences.wellFormed(reference)) {
            return Uni.createFrom().item(new Invalid());
        }
        return KnownLink.<KnownLink>findById(LinkReferences.hash(reference)).map(known -> lookup(known, now));
    }

    /**
     * As {@link #find}, for the form being opened (a GET): a usable link never opened before gets its
     * {@code opened_at} in the same statement that reads it ({@link KnownLink#openAndFind}). Recording the open never
     * fails the page: if that statement fails, it is logged and the link is read as {@link #find} does. Call outside
     * a transaction (the statement commits by itself).
     */
    public Uni<Lookup> open(String reference, Instant now) {
        if (!LinkReferences.wellFormed(reference)) {
            return Uni.createFrom().item(new Invalid());
        }
        String hash = LinkReferences.hash(reference);
        return KnownLink.openAndFind(hash, now)
                .onFailure().recoverWithUni(failure -> {
                    LOG.warnf("Could not record the opening of a review link; the form is served anyway: %s",
                            Failures.describe(failure));
                    return KnownLink.<KnownLink>findById(hash);
                })
                .map(known -> lookup(known, now));
    }

    private Lookup lookup(KnownLink known, Instant now) {
        if (known == null || known.revokedAt != null) {
            return new Invalid();
        }
        ReviewLink link = read(known.link);
        return known.expiresAt.isAfter(now) ? new Usable(link) : new Expired(link.language());
    }

    private ReviewLink read(String json) {
        try {
            return mapper.readValue(json, ReviewLink.class);
        } catch (IOException e) {
            throw new IllegalStateException("stored review link is not readable", e);
        }
    }
}
