package dev.shopreviews.ratings.transparency.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * The transparency statement's figures over a webshop's reviews created since a moment: two native statements over
 * the index {@code review_by_shop_newest} (webshop_id, created_at).
 */
@ApplicationScoped
public class TransparencyCounts {
    /** The origin of imported reviews ({@code ReviewImports.ORIGIN}). */
    static final String IMPORT = "import";

    /** Per collection method: verified and unverified. */
    public record MethodCount(String method, long verified, long unverified) {
    }

    /**
     * Outcomes, each review counted once: deleted, else quarantined, else held, else published; replies = reviews
     * with the shop's reply.
     */
    public record Outcomes(long published, long quarantined, long held, long deleted, long replied, long total) {
    }

    public record ReasonCount(String reason, long count) {
    }

    /** Reviews imported from other providers (origin import): all, and those their source calls verified purchases. */
    public record Imported(long reviews, long sourceVerifiedPurchase) {
    }

    public record Figures(List<MethodCount> methods, Imported imported, Outcomes outcomes, List<ReasonCount> reasons) {
    }

    public Uni<Figures> since(long webshopId, Instant from) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                                "select origin, count(*) filter (where verified), count(*) filter (where not verified), "
                                        + "count(*) filter (where deleted_at is null and not quarantine and not held), "
                                        + "count(*) filter (where deleted_at is null and quarantine), "
                                        + "count(*) filter (where deleted_at is null and not quarantine and held), "
                                        + "count(*) filter (where deleted_at is not null), "
                                        + "count(*) filter (where reaction <> ''), "
                                        + "count(*) filter (where import_verified_purchase) "
                                        + "from review where webshop_id = ?1 and created_at >= ?2 group by origin", Object[].class)
                        .setParameter(1, webshopId).setParameter(2, from).getResultList()
                        .chain(rows -> session.createNativeQuery(
                                        "select reason, count(*) from review, "
                                                + "unnest(string_to_array(quarantine_reason, '; ')) as reason "
                                                + "where webshop_id = ?1 and created_at >= ?2 and deleted_at is null "
                                                + "and quarantine and quarantine_reason is not null "
                                                + "group by reason order by count(*) desc, reason", Object[].class)
                                .setParameter(1, webshopId).setParameter(2, from).getResultList()
                                .map(reasonRows -> figures(rows, reasonRows))));
    }

    private static Figures figures(List<Object[]> rows, List<Object[]> reasonRows) {
        long published = 0, quarantined = 0, held = 0, deleted = 0, replied = 0, total = 0;
        List<MethodCount> methods = new java.util.ArrayList<>();
        Imported imported = new Imported(0, 0);
        for (Object[] row : rows) {
            if (IMPORT.equals(row[0])) {
                imported = new Imported(number(row[1]) + number(row[2]), number(row[8]));
            } else {
                methods.add(new MethodCount((String) row[0], number(row[1]), number(row[2])));
            }
            published += number(row[3]);
            quarantined += number(row[4]);
            held += number(row[5]);
            deleted += number(row[6]);
            replied += number(row[7]);
            total += number(row[1]) + number(row[2]);
        }
        List<ReasonCount> reasons = reasonRows.stream()
                .map(row -> new ReasonCount((String) row[0], number(row[1]))).toList();
        return new Figures(methods, imported, new Outcomes(published, quarantined, held, deleted, replied, total), reasons);
    }

    private static long number(Object value) {
        return ((Number) value).longValue();
    }
}
