package dev.shopreviews.common.session;

import dev.shopreviews.common.events.SessionsEnded;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Until when each account's sessions are over, as {@code sessions.ended} says ({@link SessionsEndedConsumer} fills
 * it in every instance). Checked on every request with a dashboard or console cookie, so it is a map in memory:
 * entries older than a session's lifetime decide nothing and are dropped as new ones arrive.
 */
@ApplicationScoped
public class EndedSessions {
    /** No session ended (a check that has no consumer behind it, e.g. a test's own verification). */
    public static final EndedSessions NONE = new EndedSessions();
    // Longer than any session lives (the dashboard's and the console's: 60 minutes).
    static final Duration KEEP = Duration.ofMinutes(70);
    private static final int SWEEP_EVERY = 1_000;

    private final ConcurrentHashMap<String, Instant> endedAt = new ConcurrentHashMap<>();
    private int recorded;

    /** Sessions of the account opened at or before {@code at} are over (the later of two ends counts). */
    public void end(String accountKind, String account, Instant at) {
        endedAt.merge(SessionsEnded.key(accountKind, account), at, (old, now) -> now.isAfter(old) ? now : old);
        if (++recorded % SWEEP_EVERY == 0) {
            Instant horizon = Instant.now().minus(KEEP);
            endedAt.values().removeIf(end -> end.isBefore(horizon));
        }
    }

    /** Whether this one session (kind {@code owner-session}) was ended: its id is never reused, so any end counts. */
    public boolean ended(String accountKind, String session) {
        return endedAt.containsKey(SessionsEnded.key(accountKind, session));
    }

    /** Whether a session of the account opened at {@code openedAt} was ended since. */
    public boolean ended(String accountKind, String account, Instant openedAt) {
        Instant end = endedAt.get(SessionsEnded.key(accountKind, account));
        return end != null && !openedAt.isAfter(end);
    }
}
