package dev.shopreviews.invitations.dashboard.repository;

import dev.shopreviews.invitations.invitation.repository.InvitationState;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The shop dashboard's reads of one webshop's invitations: keyset pages newest first and counts (HQL projections
 * over Invitation and OrderConsentRow, as the module reads), and outcomes per week or month (one native select: the
 * periods come from generate_series, which HQL lacks). Read-only; call inside a session.
 */
@ApplicationScoped
public class DashboardInvitationQueries {
    /**
     * A review is known for the invitation: written in the consent pop-up, before or after the invitation was added,
     * or through its link (reviews.created).
     */
    private static final String REVIEWED_HQL = """
            (i.state = :written or i.reviewedAt is not null or (i.orderNumber <> '' and exists (select 1 from OrderConsentRow c
                where c.webshopId = i.webshopId and c.orderNumber = i.orderNumber
                  and c.emailKey = lower(i.email) and c.choice = 'review_written')))""";
    private static final String REVIEWED_SQL = """
            (i.state = 'review_written' or i.reviewed_at is not null or (i.order_number <> '' and exists (select 1 from order_consent c
                where c.webshop_id = i.webshop_id and c.order_number = i.order_number
                  and c.email_key = lower(i.email) and c.choice = 'review_written')))""";

    /** One stored invitation as the dashboard shows it. */
    public record Listed(long id, String email, String order, String customerName, String language, int delayDays,
                         InvitationState state, Instant created, Instant scheduled, Instant sent, int attempts,
                         String lastError, boolean reviewed) {
    }

    /** Where a page starts: after the invitation with this creation time and id (newest first). */
    public record Position(Instant created, long id) {
    }

    /**
     * At most {@code limit} invitations of the webshop in one of {@code states} (null: any), newest first, after
     * {@code after} (null: from the newest).
     */
    public Uni<List<Listed>> page(long webshopId, List<InvitationState> states, Position after, int limit) {
        String hql = """
                select i.id, i.email, i.orderNumber, i.customerName, i.language, i.delayDays, i.state, i.createdAt,
                       i.scheduledAt, i.sentAt, i.attempts, i.lastError, case when %s then true else false end
                from Invitation i where i.webshopId = :shop""".formatted(REVIEWED_HQL)
                + (states == null ? "" : " and i.state in :states")
                + (after == null ? "" : " and (i.createdAt < :created or (i.createdAt = :created and i.id < :id))")
                + " order by i.createdAt desc, i.id desc";
        return Panache.getSession().chain(session -> {
            var query = session.createSelectionQuery(hql, Object[].class)
                    .setParameter("shop", webshopId)
                    .setParameter("written", InvitationState.review_written)
                    .setMaxResults(limit);
            if (states != null) {
                query.setParameter("states", states);
            }
            if (after != null) {
                query.setParameter("created", after.created()).setParameter("id", after.id());
            }
            return query.getResultList();
        }).map(rows -> {
            List<Listed> page = new ArrayList<>();
            for (Object[] row : rows) {
                page.add(new Listed((Long) row[0], (String) row[1], (String) row[2], (String) row[3], (String) row[4],
                        (Integer) row[5], (InvitationState) row[6], (Instant) row[7], (Instant) row[8], (Instant) row[9],
                        (Integer) row[10], (String) row[11], Boolean.TRUE.equals(row[12])));
            }
            return page;
        });
    }

    /** How many invitations of the webshop are in one of {@code states} (null: any). */
    public Uni<Long> count(long webshopId, List<InvitationState> states) {
        String hql = "select count(i) from Invitation i where i.webshopId = :shop"
                + (states == null ? "" : " and i.state in :states");
        return Panache.getSession().chain(session -> {
            var query = session.createSelectionQuery(hql, Long.class).setParameter("shop", webshopId);
            if (states != null) {
                query.setParameter("states", states);
            }
            return query.getSingleResult();
        });
    }

    /** One period's counts, of the invitations added in it. */
    public record PeriodCounts(String period, long sent, long reviewed, long optedOut, long failed) {
    }

    /** The unit a series is counted in; {@code sql} is date_trunc's field name. */
    public enum Unit {
        WEEK("week", 26), MONTH("month", 12);

        final String sql;
        final int periods;

        Unit(String sql, int periods) {
            this.sql = sql;
            this.periods = periods;
        }
    }

    /**
     * The last {@code unit.periods} weeks (from Monday) or months of UTC time, oldest first, the current one included,
     * each with what became of the invitations added in it (periods without any count zero).
     */
    public Uni<List<PeriodCounts>> outcomes(long webshopId, Unit unit) {
        // unit.sql comes from the enum only, never from the request.
        String sql = """
                with periods as (
                    select p as period_start, p + interval '1 %1$s' as period_end
                    from generate_series(date_trunc('%1$s', now() at time zone 'UTC') - interval '%2$d %1$s',
                                         date_trunc('%1$s', now() at time zone 'UTC'), interval '1 %1$s') as p)
                select to_char(p.period_start, 'YYYY-MM-DD') as period,
                       count(i.id) filter (where i.sent_at is not null) as sent,
                       count(i.id) filter (where %3$s) as reviewed,
                       count(i.id) filter (where i.state = 'opted_out') as opted_out,
                       count(i.id) filter (where i.state = 'failed') as failed
                from periods p
                left join invitation i on i.webshop_id = ?1
                    and i.created_at >= p.period_start at time zone 'UTC' and i.created_at < p.period_end at time zone 'UTC'
                group by p.period_start order by p.period_start""".formatted(unit.sql, unit.periods - 1, REVIEWED_SQL);
        return Panache.getSession().chain(session -> session.createNativeQuery(sql, Object[].class)
                        .setParameter(1, webshopId)
                        .getResultList())
                .map(rows -> {
                    List<PeriodCounts> series = new ArrayList<>();
                    for (Object[] row : rows) {
                        series.add(new PeriodCounts((String) row[0], number(row[1]), number(row[2]), number(row[3]),
                                number(row[4])));
                    }
                    return series;
                });
    }

    private static long number(Object value) {
        return ((Number) value).longValue();
    }
}
