package dev.shopreviews.common.deadletter;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.messaging.ConsumedRecords;
import dev.shopreviews.common.outbox.Outbox;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.persistence.LockModeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * This service's dead letters: a record a consumer can never apply is stored in {@code dead_letter} and announced
 * on {@code <topic>.dlq} (both through the caller's transaction), then listed, replayed (exactly once: the row is
 * locked and must still be pending; the channel's handler runs in the same transaction that marks it replayed) or
 * discarded by the operator.
 */
@ApplicationScoped
public class DeadLetters {
    private static final Logger LOG = Logger.getLogger(DeadLetters.class);

    private final Outbox outbox;
    private final Instance<ReplayableChannel> channels;
    private final String service;

    public DeadLetters(Outbox outbox, Instance<ReplayableChannel> channels,
                       @ConfigProperty(name = "quarkus.application.name") String service) {
        this.outbox = outbox;
        this.channels = channels;
        this.service = service;
    }

    /** Stores the record and announces it on its topic's dead-letter topic. Call inside a transaction. */
    public Uni<DeadLetter> record(String channel, ConsumerRecord<String, ?> record, String reason, String error) {
        DeadLetter letter = new DeadLetter();
        letter.channel = channel;
        letter.topic = record.topic();
        letter.partition = record.partition();
        letter.offset = record.offset();
        letter.recordKey = clip(record.key(), 255);
        letter.payload = ConsumedRecords.rawValue(record);
        letter.reason = clip(reason, 500);
        letter.error = clip(error, 4000);
        letter.state = DeadLetter.PENDING;
        letter.createdAt = Instant.now();
        LOG.warnf("Dead letter on %s (%s-%d@%d): %s", channel, record.topic(), record.partition(), record.offset(), letter.reason);
        EventTopic<DeadLetterEvent> announced = EventTopic.of(Topics.deadLettersOf(record.topic()), DeadLetterEvent.class);
        return letter.<DeadLetter>persist().chain(saved -> outbox.append(announced,
                record.key() == null ? "unknown" : letter.recordKey, event(saved)).replaceWith(saved));
    }

    public Uni<List<DeadLetter>> list(String state, int limit) {
        return DeadLetter.<DeadLetter>find("state = ?1 order by id desc", state).page(0, limit).list();
    }

    public Uni<DeadLetter> find(long id) {
        return DeadLetter.<DeadLetter>findById(id).map(letter -> {
            if (letter == null) {
                throw EnvelopeException.notFound("Dead letter not found.");
            }
            return letter;
        });
    }

    /** Per channel: how many letters are pending and since when (the oldest pending letter's time). */
    public record ChannelBacklog(String channel, String topic, long pending, Instant oldest) {
    }

    public Uni<List<ChannelBacklog>> backlog() {
        return Panache.getSession().chain(session -> session.createSelectionQuery("""
                        select channel, topic, count(*), min(createdAt) from DeadLetter
                        where state = :pending group by channel, topic order by channel, topic""", Object[].class)
                .setParameter("pending", DeadLetter.PENDING).getResultList())
                .map(rows -> rows.stream().map(row -> new ChannelBacklog((String) row[0], (String) row[1],
                        ((Number) row[2]).longValue(), (Instant) row[3])).toList());
    }

    /** Applies the pending letter's record once with its channel's handler. Call inside a transaction. */
    public Uni<DeadLetter> replay(long id) {
        return pending(id).chain(letter -> handler(letter.channel)
                .replay(letter.channel, letter.payload == null ? null : new String(letter.payload, StandardCharsets.UTF_8))
                .invoke(() -> resolve(letter, DeadLetter.REPLAYED))
                .replaceWith(letter));
    }

    /**
     * Applies the pending letter with {@code payload} in place of its record (the operator's repair of a record no
     * handler could apply), then keeps the repaired payload as the letter's. Call inside a transaction.
     */
    public Uni<DeadLetter> repair(long id, String payload) {
        return pending(id).chain(letter -> handler(letter.channel).replay(letter.channel, payload)
                .invoke(() -> {
                    letter.payload = payload.getBytes(StandardCharsets.UTF_8);
                    resolve(letter, DeadLetter.REPAIRED);
                })
                .replaceWith(letter));
    }

    /** Marks the pending letter discarded. Call inside a transaction. */
    public Uni<DeadLetter> discard(long id) {
        return pending(id).invoke(letter -> resolve(letter, DeadLetter.DISCARDED));
    }

    private Uni<DeadLetter> pending(long id) {
        return DeadLetter.<DeadLetter>findById(id, LockModeType.PESSIMISTIC_WRITE).map(letter -> {
            if (letter == null) {
                throw EnvelopeException.notFound("Dead letter not found.");
            }
            if (!DeadLetter.PENDING.equals(letter.state)) {
                throw new EnvelopeException(409, "Dead letter already " + letter.state + ".");
            }
            return letter;
        });
    }

    /**
     * Deletes every dead letter whose raw bytes mention the address of {@code emailHash} (an erasure: whatever its
     * state, since a resolved letter keeps its bytes too). Call inside a transaction.
     */
    public Uni<Integer> eraseMentioning(String emailHash) {
        // In the database: no payload is loaded, and PostgreSQL's regular expressions never backtrack for long.
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        delete from dead_letter where id in (
                            select letter.id from dead_letter letter
                            cross join lateral regexp_matches(encode(letter.payload, 'escape'), ?1, 'g') as found(address)
                            where letter.payload is not null
                              and encode(sha256(convert_to(lower(found.address[1]), 'UTF8')), 'hex') = ?2)""")
                .setParameter(1, EmailHash.ADDRESS_REGEX).setParameter(2, emailHash).executeUpdate());
    }

    /** How long a replayed or discarded letter stays (docs/privacy.md, Retention: its bytes may name people). */
    public static final java.time.Duration RESOLVED_RETENTION = java.time.Duration.ofDays(30);

    /** Retention: deletes letters resolved more than {@link #RESOLVED_RETENTION} before {@code now}. Call inside a transaction. */
    public Uni<Long> deleteResolvedLongAgo(Instant now) {
        return DeadLetter.delete("state <> ?1 and resolvedAt < ?2", DeadLetter.PENDING, now.minus(RESOLVED_RETENTION));
    }

    private ReplayableChannel handler(String channel) {
        for (ReplayableChannel candidate : channels) {
            if (candidate.channels().contains(channel)) {
                return candidate;
            }
        }
        throw new EnvelopeException(409, "No handler for channel " + channel + " in this service.");
    }

    private static void resolve(DeadLetter letter, String state) {
        letter.state = state;
        letter.resolvedAt = Instant.now();
    }

    private DeadLetterEvent event(DeadLetter letter) {
        String payload = letter.payload == null ? null : new String(letter.payload, StandardCharsets.UTF_8);
        return new DeadLetterEvent(UUID.randomUUID().toString(), DeadLetterEvent.TYPE, letter.createdAt,
                service + "." + letter.channel, letter.id, letter.topic, letter.partition, letter.offset,
                letter.reason, letter.error, payload);
    }

    /** At most {@code max} characters, NUL replaced (a PostgreSQL text column cannot hold it). */
    static String clip(String text, int max) {
        if (text == null) {
            return null;
        }
        String clean = text.replace('\0', '\uFFFD');
        return clean.length() > max ? clean.substring(0, max) : clean;
    }
}
