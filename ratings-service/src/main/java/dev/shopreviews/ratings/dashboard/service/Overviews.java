package dev.shopreviews.ratings.dashboard.service;

import dev.shopreviews.ratings.dashboard.repository.DashboardReviews;
import dev.shopreviews.ratings.summary.service.Summaries;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The dashboard's overview of a webshop's ratings: the summary ({@link Summaries}, its published reviews) and the
 * published reviews per week (last 26) or month (last 12) in UTC, the current one included, empty periods too.
 */
@ApplicationScoped
public class Overviews {
    private final Summaries summaries;
    private final DashboardReviews reviews;

    public Overviews(Summaries summaries, DashboardReviews reviews) {
        this.summaries = summaries;
        this.reviews = reviews;
    }

    public enum Period {
        WEEK("week", 26), MONTH("month", 12);

        private final String value;
        private final int count;

        Period(String value, int count) {
            this.value = value;
            this.count = count;
        }

        public String value() {
            return value;
        }

        public static Optional<Period> parse(String value) {
            return Arrays.stream(values()).filter(period -> period.value.equals(value)).findFirst();
        }

        LocalDate first(LocalDate today) {
            return this == WEEK ? today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).minusWeeks(count - 1L)
                    : today.withDayOfMonth(1).minusMonths(count - 1L);
        }

        LocalDate next(LocalDate start) {
            return this == WEEK ? start.plusWeeks(1) : start.plusMonths(1);
        }
    }

    /** One period: its first day, how many published reviews were written in it, their average rating (null: none). */
    public record Point(LocalDate period, long amount, BigDecimal average) {
    }

    /** {@code summary}: as ratings_summary.json; {@code series}: oldest period first. */
    public record Overview(Period by, Summaries.Summary summary, List<Point> series) {
    }

    @WithSession
    public Uni<Overview> of(long webshopId, Period by, LocalDate today) {
        LocalDate first = by.first(today);
        return summaries.of(webshopId).chain(summary -> reviews.perPeriod(webshopId, by.value,
                        first.atStartOfDay(ZoneOffset.UTC).toInstant())
                .map(rows -> {
                    Map<String, DashboardReviews.PeriodRow> byPeriod = rows.stream()
                            .collect(Collectors.toMap(DashboardReviews.PeriodRow::period, Function.identity()));
                    List<Point> series = new ArrayList<>(by.count);
                    for (LocalDate start = first; series.size() < by.count; start = by.next(start)) {
                        DashboardReviews.PeriodRow row = byPeriod.get(start.toString());
                        series.add(row == null ? new Point(start, 0, null)
                                : new Point(start, row.amount(), rounded(row.average())));
                    }
                    return new Overview(by, summary, series);
                }));
    }

    /** As the summary's averages: two decimals, HALF_UP. */
    static BigDecimal rounded(BigDecimal average) {
        return average == null ? null : average.setScale(Summaries.SCALE, RoundingMode.HALF_UP);
    }
}
