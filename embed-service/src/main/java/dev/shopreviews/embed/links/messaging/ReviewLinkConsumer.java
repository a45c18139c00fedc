package dev.shopreviews.embed.links.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.events.ReviewLinkEvent;
import dev.shopreviews.common.events.ReviewLinkIssued;
import dev.shopreviews.common.events.ReviewLinkRevoked;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.messaging.Failures;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.embed.links.repository.KnownLink;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.time.Instant;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Keeps the review links invitations-service announces (topic review-links). Idempotent: a link already known is
 * left as it is, revoking twice changes nothing; unusable records are dead-lettered ({@link GuardedRecords}).
 */
@ApplicationScoped
public class ReviewLinkConsumer implements ReplayableChannel {
    static final String CHANNEL = "review-links";
    private static final Pattern HASH = Pattern.compile("[0-9a-f]{64}");

    private final ObjectMapper mapper;
    private final GuardedRecords guarded;

    public ReviewLinkConsumer(ObjectMapper mapper, GuardedRecords guarded) {
        this.mapper = mapper;
        this.guarded = guarded;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onLinkEvent(ConsumerRecord<String, ReviewLinkEvent> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.REVIEW_LINKS, payload));
    }

    private Uni<Void> apply(ReviewLinkEvent event) {
        if (event instanceof ReviewLinkIssued issued) {
            return issued(issued);
        }
        if (event instanceof ReviewLinkRevoked revoked) {
            return revoked(revoked);
        }
        throw new UnusableRecord("empty review link event");
    }

    private Uni<Void> issued(ReviewLinkIssued event) {
        ReviewLink link = event.link();
        if (event.refHash() == null || !HASH.matcher(event.refHash()).matches() || link == null
                || link.webshopId() <= 0 || link.invitationId() <= 0 || link.expiresAt() <= 0) {
            throw new UnusableRecord("incomplete review link event");
        }
        return KnownLink.<KnownLink>findById(event.refHash()).chain(existing -> existing != null
                ? Uni.createFrom().voidItem()
                : known(event.refHash(), link, event.occurredAt()).persist().replaceWithVoid());
    }

    /** {@code issuedAt}: the event's occurred_at, kept as announced_at (the dashboard's period); now without one. */
    private KnownLink known(String refHash, ReviewLink link, Instant issuedAt) {
        KnownLink known = new KnownLink();
        known.refHash = refHash;
        known.invitationId = link.invitationId();
        known.webshopId = link.webshopId();
        known.link = write(link);
        known.expiresAt = Instant.ofEpochSecond(link.expiresAt());
        known.announcedAt = issuedAt == null ? Instant.now() : issuedAt;
        return known;
    }

    private Uni<Void> revoked(ReviewLinkRevoked event) {
        if (event.invitationId() <= 0 || event.occurredAt() == null) {
            throw new UnusableRecord("incomplete review link revocation");
        }
        return KnownLink.revokeAll(event.invitationId(), event.occurredAt()).replaceWithVoid();
    }


    private String write(ReviewLink link) {
        try {
            return mapper.writeValueAsString(link);
        } catch (JsonProcessingException e) {
            throw new UnusableRecord("review link cannot be stored: " + Failures.describe(e));
        }
    }
}
