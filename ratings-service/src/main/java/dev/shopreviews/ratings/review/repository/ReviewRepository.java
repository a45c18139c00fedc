package dev.shopreviews.ratings.review.repository;

import dev.shopreviews.common.privacy.EmailHash;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.FlushMode;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.stream.Collectors;

/**
 * Queries on reviews. "Visible" means: not deleted and, for public callers, neither held nor quarantined. The
 * batch look-ups of the intake and the webshop locks are native SQL in the session Panache uses (run once per batch
 * or per change; docs/operations.md, Known issues, on native selects and the query plan cache).
 */
@ApplicationScoped
public class ReviewRepository implements PanacheRepositoryBase<Review, Long> {

    public record Filter(long webshopId, String language, boolean publicOnly) {
    }

    /**
     * The SQL condition on a {@code review} row that it is published (counted by the summary, the dashboard's
     * overview): not deleted, not held, not quarantined. The one place of that rule in SQL ({@link Review#published}),
     * apart from the triggers that keep review_totals (V11), which repeat it because they count it.
     */
    public static final String PUBLISHED_SQL = "deleted_at is null and held = false and quarantine = false";

    /**
     * The current session flushes at commit only (and when flushed explicitly): for the intake's batch, where every
     * statement would otherwise first dirty-check all the entities the batch persisted so far (quadratic in the
     * batch). Safe there: the batch only inserts (identity ids insert at once) and never changes an entity after
     * persisting it.
     */
    public Uni<Void> flushAtCommitOnly() {
        return getSession().invoke(session -> session.setFlushMode(FlushMode.COMMIT)).replaceWithVoid();
    }

    public Uni<List<Review>> newest(Filter filter, int offset, int limit) {
        return find(where(filter), Sort.descending("createdAt", "id"), parameters(filter))
                .range(offset, offset + limit - 1).list();
    }

    /** How many reviews the filter matches, from the running totals (V11: kept per webshop and language by triggers). */
    public Uni<Long> total(Filter filter) {
        boolean byLanguage = filter.language() != null && !filter.language().isEmpty();
        String counted = filter.publicOnly() ? "published" : "visible";
        // An empty ?2 means every language (one statement for both cases).
        return getSession().chain(session -> session.createNativeQuery(
                        "select coalesce(sum(" + counted + "), 0) from review_totals where webshop_id = ?1"
                                + " and (?2 = '' or language = ?2)", Object.class)
                .setParameter(1, filter.webshopId())
                .setParameter(2, byLanguage ? filter.language() : "")
                .getSingleResult())
                .map(total -> ((Number) total).longValue());
    }

    /** A not deleted review of any webshop (the operator's moderation); null for an unknown or deleted review. */
    public Uni<Review> notDeleted(long reviewId) {
        return find("id = ?1 and deletedAt is null", reviewId).firstResult();
    }

    /** A webshop's own, not deleted review; null for an unknown review or another shop's review. */
    public Uni<Review> ofWebshop(long webshopId, long reviewId) {
        return find("id = ?1 and webshopId = ?2 and deletedAt is null", reviewId, webshopId).firstResult();
    }

    /**
     * The not deleted reviews written with this e-mail address (compared in lower case; stored trimmed), on every
     * webshop, newest first: the reviewer's privacy page.
     */
    public Uni<List<Review>> ofReviewer(String email) {
        return list("lower(email) = ?1 and deletedAt is null order by createdAt desc, id desc", lower(email));
    }

    /** Every review written with this e-mail address, deleted ones too, oldest first: the reviewer's export. */
    public Uni<List<Review>> allOfReviewer(String email) {
        return list("lower(email) = ?1 order by createdAt, id", lower(email));
    }

    /** The reviewer's own not deleted review; null for an unknown, deleted or someone else's review. */
    public Uni<Review> ofReviewer(String email, long reviewId) {
        return find("id = ?1 and lower(email) = ?2 and deletedAt is null", reviewId, lower(email)).firstResult();
    }

    /** The webshops that have reviews (deleted ones too) by the address of this {@code EmailHash} (0: every webshop). */
    public Uni<SortedSet<Long>> webshopsOfEmailHash(String emailHash, long webshopId) {
        return getSession().chain(session -> session.createNativeQuery("select distinct webshop_id from review where "
                                + String.format(EmailHash.SQL, "email") + " = ?1 and (cast(?2 as bigint) = 0 or webshop_id = ?2)",
                        Long.class)
                .setParameter(1, emailHash).setParameter(2, webshopId)
                .getResultList())
                .map(ids -> ids.stream().map(Number::longValue).collect(Collectors.toCollection(java.util.TreeSet::new)));
    }

    /**
     * The reviews (deleted ones too) whose e-mail address has this {@code EmailHash}, of one webshop or of every
     * webshop ({@code webshopId} 0), by webshop and id; read after {@link #lockWebshops} of their webshops. Native SQL: the hash is
     * computed per row (no index can hold it; erasures are rare).
     */
    public Uni<List<Review>> ofEmailHash(String emailHash, long webshopId) {
        return getSession().chain(session -> session.createNativeQuery("select * from review where "
                                + String.format(EmailHash.SQL, "email") + " = ?1 and (cast(?2 as bigint) = 0 or webshop_id = ?2) "
                                + "order by webshop_id, id", Review.class)
                .setParameter(1, emailHash).setParameter(2, webshopId)
                .getResultList());
    }

    /** Blanks the client address (the burst rule's key) of reviews created before the cutoff: retention. */
    public Uni<Integer> forgetClientAddressesBefore(Instant cutoff) {
        return getSession().chain(session -> session.createNativeQuery(
                        "update review set client_address = null where client_address is not null and created_at < ?1")
                .setParameter(1, cutoff).executeUpdate());
    }

    private static String lower(String email) {
        return email.trim().toLowerCase(java.util.Locale.ROOT);
    }

    /** Held pop-up reviews of an order by this e-mail address, oldest first, waiting for the shop's confirmation. */
    public Uni<List<Review>> heldForOrder(ConfirmedOrder order) {
        return list("webshopId = ?1 and orderNumber = ?2 and lower(email) = ?3 and held = true and deletedAt is null order by id",
                order.webshopId(), order.orderNumber(), order.email());
    }

    /** Of these order numbers, the ones of these webshops that already have a verified, not deleted review. */
    public Uni<Set<WebshopKey>> verifiedOrders(Collection<Long> webshopIds, Collection<String> orderNumbers) {
        if (webshopIds.isEmpty() || orderNumbers.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        return getSession().chain(session -> session.createNativeQuery(
                        "select distinct webshop_id, order_number from review where webshop_id = any(?1) "
                                + "and order_number = any(?2) and verified and order_number <> '' and deleted_at is null",
                        Object[].class)
                .setParameter(1, webshopIds.toArray(Long[]::new)).setParameter(2, orderNumbers.toArray(String[]::new))
                .getResultList())
                .map(rows -> rows.stream().map(row -> new WebshopKey(((Number) row[0]).longValue(), (String) row[1]))
                        .collect(Collectors.toSet()));
    }

    /** The not deleted reviews written through these invitations of these webshops. */
    public Uni<List<Review>> byInvitations(Collection<Long> webshopIds, Collection<Long> invitationIds) {
        if (webshopIds.isEmpty() || invitationIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("webshopId in ?1 and invitationId in ?2 and deletedAt is null", webshopIds, invitationIds);
    }

    /** Of these comment hashes, the ones the not deleted reviews of these webshops already have. */
    public Uni<Set<WebshopKey>> commentHashes(Collection<Long> webshopIds, Collection<String> hashes) {
        if (webshopIds.isEmpty() || hashes.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        return getSession().chain(session -> session.createNativeQuery(
                        "select distinct webshop_id, comment_hash from review "
                                + "where webshop_id = any(?1) and comment_hash = any(?2) and deleted_at is null", Object[].class)
                .setParameter(1, webshopIds.toArray(Long[]::new)).setParameter(2, hashes.toArray(String[]::new))
                .getResultList())
                .map(rows -> rows.stream().map(row -> new WebshopKey(((Number) row[0]).longValue(), (String) row[1]))
                        .collect(Collectors.toSet()));
    }

    /** How many reviews of these webshops came from each of these client addresses since then (absent: none). */
    public Uni<Map<WebshopKey, Long>> fromClientsSince(Collection<Long> webshopIds, Collection<String> clientAddresses,
                                                       Instant since) {
        if (webshopIds.isEmpty() || clientAddresses.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return getSession().chain(session -> session.createNativeQuery(
                        "select webshop_id, client_address, count(*) from review "
                                + "where webshop_id = any(?1) and client_address = any(?2) and created_at >= ?3 "
                                + "group by webshop_id, client_address", Object[].class)
                .setParameter(1, webshopIds.toArray(Long[]::new)).setParameter(2, clientAddresses.toArray(String[]::new))
                .setParameter(3, since)
                .getResultList())
                .map(rows -> rows.stream().collect(Collectors.toMap(
                        row -> new WebshopKey(((Number) row[0]).longValue(), (String) row[1]),
                        row -> ((Number) row[2]).longValue())));
    }

    /** Takes the webshop's row lock so changes of one webshop (and the summaries they emit) are serialised. */
    public Uni<Void> lockWebshop(long webshopId) {
        return getSession().chain(session -> session
                .createNativeQuery("select id from webshop_replica where id = ?1 for update", Long.class)
                .setParameter(1, webshopId).getResultList()).replaceWithVoid();
    }

    /** The webshops a batch locked: those that exist, and which of them the operator deactivated. */
    public record LockedWebshops(Set<Long> known, Set<Long> deactivated) {
        static final LockedWebshops NONE = new LockedWebshops(Set.of(), Set.of());
    }

    /**
     * Takes the row locks of these webshops in id order (a sorted set: two transactions locking overlapping sets
     * never deadlock); answers the ids that exist and, from the same rows, the deactivated ones.
     */
    public Uni<LockedWebshops> lockWebshops(SortedSet<Long> webshopIds) {
        if (webshopIds.isEmpty()) {
            return Uni.createFrom().item(LockedWebshops.NONE);
        }
        return getSession().chain(session -> session
                .createNativeQuery("select id, active from webshop_replica where id = any(?1) order by id for update", Object[].class)
                .setParameter(1, webshopIds.toArray(Long[]::new)).getResultList()).map(rows -> new LockedWebshops(
                        rows.stream().map(row -> ((Number) row[0]).longValue()).collect(Collectors.toUnmodifiableSet()),
                        rows.stream().filter(row -> !Boolean.TRUE.equals(row[1])).map(row -> ((Number) row[0]).longValue())
                                .collect(Collectors.toUnmodifiableSet())));
    }

    /** Amount and unrounded averages (null: no reviews) of a webshop's published reviews (not deleted, held, quarantined). */
    public record Averages(long amount, BigDecimal rating, BigDecimal shippingtime, BigDecimal customerservice,
                           BigDecimal pricequality, BigDecimal aftersale) {
    }

    /** From the running totals (V11), summed over the webshop's languages; exact: sums divided by the count. */
    public Uni<Averages> publishedAverages(long webshopId) {
        return getSession().chain(session -> session.createNativeQuery(
                        "select coalesce(sum(published), 0), sum(rating_sum), sum(shippingtime_sum), sum(customerservice_sum), "
                                + "sum(pricequality_sum), sum(aftersale_sum) from review_totals where webshop_id = ?1",
                        Object[].class)
                .setParameter(1, webshopId)
                .getSingleResult())
                .map(row -> {
                    long amount = ((Number) row[0]).longValue();
                    return new Averages(amount, average(row[1], amount), average(row[2], amount), average(row[3], amount),
                            average(row[4], amount), average(row[5], amount));
                });
    }

    private static BigDecimal average(Object sum, long amount) {
        return amount == 0 || sum == null ? null : new BigDecimal(sum.toString()).divide(BigDecimal.valueOf(amount), MathContext.DECIMAL128);
    }

    private static String where(Filter filter) {
        StringBuilder where = new StringBuilder("webshopId = :shop and deletedAt is null");
        if (filter.language() != null && !filter.language().isEmpty()) {
            where.append(" and language = :language");
        }
        if (filter.publicOnly()) {
            where.append(" and held = false and quarantine = false");
        }
        return where.toString();
    }

    private static Parameters parameters(Filter filter) {
        Parameters parameters = Parameters.with("shop", filter.webshopId());
        if (filter.language() != null && !filter.language().isEmpty()) {
            parameters.and("language", filter.language());
        }
        return parameters;
    }
}
