package dev.shopreviews.invitations.sending.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.sending.repository.DailyMailCounts;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The daily quota of invitation e-mails per webshop (table daily_mail_count, {@code shopreviews.sending.daily-quota}).
 * The sender takes its allowance inside the claim transaction (the day's row locked); the API asks whether the day
 * is used up, from a view at most a few seconds old (no database read per request).
 */
@ApplicationScoped
public class DailyMailQuota {
    public static final String QUOTA_REACHED =
            "Daily invitation e-mail quota reached for this webshop; add the invitation again tomorrow.";
    private static final Duration VIEW_AGE = Duration.ofSeconds(5);

    private record View(LocalDate day, boolean exhausted, Instant readAt) {
    }

    private final DailyMailCounts counts;
    private final int quota;
    private final Map<Long, View> views = new ConcurrentHashMap<>();

    public DailyMailQuota(DailyMailCounts counts, InvitationsConfig config) {
        this.counts = counts;
        this.quota = config.sending().dailyQuota();
    }

    /** When a deferred invitation is due again: the start of the next UTC day. */
    public static Instant nextDay(Instant now) {
        return now.truncatedTo(ChronoUnit.DAYS).plus(1, ChronoUnit.DAYS);
    }

    /**
     * Takes up to {@code wanted} e-mails per webshop from today's quota, inside the caller's transaction; answers how
     * many each webshop got.
     */
    Uni<Map<Long, Integer>> take(Map<Long, Integer> wanted, Instant now) {
        LocalDate day = LocalDate.ofInstant(now, ZoneOffset.UTC);
        Map<Long, Integer> granted = new HashMap<>();
        return Multi.createFrom().iterable(wanted.entrySet())
                .onItem().transformToUniAndConcatenate(entry -> take(entry.getKey(), day, entry.getValue())
                        .invoke(count -> granted.put(entry.getKey(), count)))
                .collect().last().replaceWith(granted);
    }

    private Uni<Integer> take(long webshopId, LocalDate day, int wanted) {
        return counts.ensure(webshopId, day)
                .chain(() -> counts.lockClaimed(webshopId, day))
                .chain(claimed -> {
                    int count = Math.max(0, Math.min(wanted, quota - claimed));
                    return counts.addClaimed(webshopId, day, count).replaceWith(count);
                });
    }

    /** Fails with 429 (envelope) when the webshop's e-mails of today are used up. */
    public Uni<Void> refuseWhenUsedUp(long webshopId, Instant now) {
        LocalDate day = LocalDate.ofInstant(now, ZoneOffset.UTC);
        View view = views.get(webshopId);
        Uni<Boolean> exhausted = view != null && view.day().equals(day) && view.readAt().plus(VIEW_AGE).isAfter(now)
                ? Uni.createFrom().item(view.exhausted())
                : read(webshopId, day, now);
        return exhausted.invoke(usedUp -> {
            if (usedUp) {
                throw new EnvelopeException(429, QUOTA_REACHED);
            }
        }).replaceWithVoid();
    }

    private Uni<Boolean> read(long webshopId, LocalDate day, Instant now) {
        // Its own short session when the request has none (the add needs none: see InvitationService).
        return Panache.withSession(() -> counts.claimed(webshopId, day))
                .map(claimed -> {
                    boolean usedUp = claimed != null && claimed >= quota;
                    if (views.size() > 10_000) {
                        views.clear();  // bounded: one entry per webshop seen recently
                    }
                    views.put(webshopId, new View(day, usedUp, now));
                    return usedUp;
                });
    }
}
