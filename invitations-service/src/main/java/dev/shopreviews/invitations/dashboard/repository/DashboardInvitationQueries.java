package dev.shopreviews.invitations.dashboard.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The shop dashboard's reads of one webshop's invitations (reactive SQL client, like the operator console's
 * SendFailures): keyset pages newest first, counts, and outcomes per week or month. Read-only.
 */
@ApplicationScoped
public class DashboardInvitationQueries {
    /** A review is known for the invitation: written in the consent pop-up, before or after the invitation was added. */
    private static final String REVIEWED = """
            (i.state = 'review_written' or (i.order_number <> '' and exists (select 1 from order_consent c
                where c.webshop_id = i.webshop_id and c.order_number = i.order_number
                  and c.email_key = lower(i.email) and c.choice = 'review_written')))""";

    private final Pool pool;

    public DashboardInvitationQueries(Pool pool) {
        this.pool = pool;
    }

    /** One stored invitation as the dashboard shows it. */
    public record Listed(long id, String email, String order, String customerName, String language, int delayDays,
                       String state, Instant created, Instant scheduled, Instant sent, int attempts, String lastError,
                       boolean reviewed) {
    }

    /** Where a page starts: after the invitation with this creation time and id (newest first). */
    public record Position(Instant created, long id) {
    }

    /**
     * At most {@code limit} invitations of the webshop in one of {@code states} (null: any), newest first, after
     * {@code after} (null: from the newest).
     */
    public Uni<List<Listed>> page(long webshopId, String[] states, Position after, int limit) {
        Tuple params = Tuple.tuple().addLong(webshopId).addArrayOfString(states)
                .addOffsetDateTime(after == null ? null : after.created().atOffset(ZoneOffset.UTC))
                .addLong(after == null ? null : after.id()).addInteger(limit);
        return pool.preparedQuery("""
                        select i.id, i.email, i.order_number, i.customer_name, i.language, i.delay_days, i.state,
                               i.created_at, i.scheduled_at, i.sent_at, i.attempts, i.last_error, %s as reviewed
                        from invitation i
                        where i.webshop_id = $1 and ($2::varchar[] is null or i.state = any($2::varchar[]))
                          and ($3::timestamptz is null or (i.created_at, i.id) < ($3::timestamptz, $4::bigint))
                        order by i.created_at desc, i.id desc limit $5::int""".formatted(REVIEWED))
                .execute(params)
                .map(rows -> {
                    List<Listed> page = new ArrayList<>();
                    for (Row row : rows) {
                        page.add(new Listed(row.getLong("id"), row.getString("email"), row.getString("order_number"),
                                row.getString("customer_name"), row.getString("language"), row.getInteger("delay_days"),
                                row.getString("state"), instant(row, "created_at"), instant(row, "scheduled_at"),
                                instant(row, "sent_at"), row.getInteger("attempts"), row.getString("last_error"),
                                row.getBoolean("reviewed")));
                    }
                    return page;
                });
    }

    /** How many invitations of the webshop are in one of {@code states} (null: any). */
    public Uni<Long> count(long webshopId, String[] states) {
        return pool.preparedQuery("""
                        select count(*) as total from invitation
                        where webshop_id = $1 and ($2::varchar[] is null or state = any($2::varchar[]))""")
                .execute(Tuple.tuple().addLong(webshopId).addArrayOfString(states))
                .map(rows -> rows.iterator().next().getLong("total"));
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
                left join invitation i on i.webshop_id = $1
                    and i.created_at >= p.period_start at time zone 'UTC' and i.created_at < p.period_end at time zone 'UTC'
                group by p.period_start order by p.period_start""".formatted(unit.sql, unit.periods - 1, REVIEWED);
        return pool.preparedQuery(sql).execute(Tuple.of(webshopId)).map(rows -> {
            List<PeriodCounts> series = new ArrayList<>();
            for (Row row : rows) {
                series.add(new PeriodCounts(row.getString("period"), row.getLong("sent"), row.getLong("reviewed"),
                        row.getLong("opted_out"), row.getLong("failed")));
            }
            return series;
        });
    }

    private static Instant instant(Row row, String column) {
        OffsetDateTime value = row.getOffsetDateTime(column);
        return value == null ? null : value.toInstant();
    }
}
