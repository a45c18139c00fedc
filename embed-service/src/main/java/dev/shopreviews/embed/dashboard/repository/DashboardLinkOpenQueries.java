package dev.shopreviews.embed.dashboard.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shop dashboard's "opened link" counts of one webshop: how many of the review links announced in each period were
 * opened (known_review_link.opened_at set), by the period of the link's announced_at, plus the per-day counts kept
 * of links retention deleted (known_review_link_opens). One native select, the periods
 * from generate_series exactly as invitations-service's outcomes (same boundaries and period strings), so the
 * dashboard merges the two series by period. Read-only; call inside a session.
 */
@ApplicationScoped
public class DashboardLinkOpenQueries {
    /** One period's count: links announced in it and opened (at any time since). */
    public record PeriodOpens(String period, long opened) {
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

        /** week (also when absent) or month, in any case; null for anything else. */
        public static Unit of(String by) {
            if (by == null || by.isBlank() || by.trim().equalsIgnoreCase("week")) {
                return WEEK;
            }
            return by.trim().equalsIgnoreCase("month") ? MONTH : null;
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The last {@code unit.periods} weeks (from Monday) or months of UTC time, oldest first, the current one included,
     * each with the number of the webshop's links announced in it that were opened (periods without any zero).
     */
    public Uni<List<PeriodOpens>> opens(long webshopId, Unit unit) {
        // unit.sql comes from the enum only, never from the request. Live links through known_review_link_opened (V6).
        String sql = """
                with periods as (
                    select p as period_start, p + interval '1 %1$s' as period_end
                    from generate_series(date_trunc('%1$s', now() at time zone 'UTC') - interval '%2$d %1$s',
                                         date_trunc('%1$s', now() at time zone 'UTC'), interval '1 %1$s') as p),
                opens as (
                    select k.announced_at as announced, 1 as opened
                    from known_review_link k
                    where k.webshop_id = ?1 and k.opened_at is not null
                      and k.announced_at >= (select min(period_start) from periods) at time zone 'UTC'
                    union all
                    select cast(r.announced_on as timestamp) at time zone 'UTC', r.opened
                    from known_review_link_opens r
                    where r.webshop_id = ?1 and r.announced_on >= cast((select min(period_start) from periods) as date))
                select to_char(p.period_start, 'YYYY-MM-DD') as period, coalesce(sum(o.opened), 0) as opened
                from periods p
                left join opens o on o.announced >= p.period_start at time zone 'UTC'
                    and o.announced < p.period_end at time zone 'UTC'
                group by p.period_start order by p.period_start""".formatted(unit.sql, unit.periods - 1);
        return Panache.getSession().chain(session -> session.createNativeQuery(sql, Object[].class)
                        .setParameter(1, webshopId)
                        .getResultList())
                .map(rows -> {
                    List<PeriodOpens> series = new ArrayList<>();
                    for (Object[] row : rows) {
                        series.add(new PeriodOpens((String) row[0], ((Number) row[1]).longValue()));
                    }
                    return series;
                });
    }
}
