package dev.shopreviews.invitations.dashboard.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.invitations.dashboard.repository.DashboardInvitationQueries;
import dev.shopreviews.invitations.dashboard.repository.DashboardInvitationQueries.Listed;
import dev.shopreviews.invitations.dashboard.repository.DashboardInvitationQueries.Position;
import dev.shopreviews.invitations.invitation.mapping.InvitationRequests;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import dev.shopreviews.invitations.invitation.rest.AddInvitationForm;
import dev.shopreviews.invitations.invitation.service.InvitationAdds;
import dev.shopreviews.invitations.invitation.service.WebshopLookups;
import dev.shopreviews.common.owner.Owner;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The shop dashboard's invitations of one webshop: a page of them with a status each, one added through the spec's
 * path ({@link InvitationAdds}), and their outcomes per week or month. The caller has checked the owner's session.
 */
@ApplicationScoped
public class DashboardInvitations {
    public static final int DEFAULT_LIMIT = 25;
    public static final int MAX_LIMIT = 100;

    /**
     * The statuses the dashboard shows and filters by, from the stored state: queued (waiting, being sent, or to be
     * tried again after a failed attempt), sent (e-mailed), failed (every attempt failed; failure_reason says why),
     * opted_out (the address opted out of the shop's e-mails, so none was sent), reviewed (the customer wrote the
     * review in the consent pop-up before the e-mail went out, so none was sent).
     */
    static final Map<String, List<InvitationState>> STATES = Map.of(
            "queued", List.of(InvitationState.queued, InvitationState.sending, InvitationState.retrying),
            "sent", List.of(InvitationState.sent),
            "failed", List.of(InvitationState.failed),
            "opted_out", List.of(InvitationState.opted_out),
            "reviewed", List.of(InvitationState.review_written));

    private final DashboardInvitationQueries queries;
    private final InvitationAdds adds;
    private final WebshopLookups webshops;
    private final AuditLog audit;

    public DashboardInvitations(DashboardInvitationQueries queries, InvitationAdds adds, WebshopLookups webshops,
                                AuditLog audit) {
        this.queries = queries;
        this.audit = audit;
        this.adds = adds;
        this.webshops = webshops;
    }

    /** One page of invitations and where the next one starts (null at the end). */
    public record Page(List<Listed> items, String next, long total) {
    }

    public static String status(InvitationState state) {
        return switch (state) {
            case queued, sending, retrying -> "queued";
            case review_written -> "reviewed";
            default -> state.name();
        };
    }

    /** The stored states of a status filter (null: every one); 400 for an unknown status. */
    public static List<InvitationState> states(String status) {
        if (status == null || status.isBlank()) {
            return null;
        }
        List<InvitationState> states = STATES.get(status.trim().toLowerCase(Locale.ROOT));
        if (states == null) {
            throw EnvelopeException.invalid("status must be one of queued, sent, failed, opted_out, reviewed.");
        }
        return states;
    }

    public static int limit(String limit) {
        if (limit == null || limit.isBlank()) {
            return DEFAULT_LIMIT;
        }
        Long value = TextInput.integer(limit, 1, MAX_LIMIT);
        if (value == null) {
            throw EnvelopeException.invalid("limit must be a whole number from 1 to " + MAX_LIMIT + ".");
        }
        return value.intValue();
    }

    public Uni<Page> page(long webshopId, String status, String after, String limit) {
        List<InvitationState> states = states(status);
        Position from = cursor(after);
        int max = limit(limit);
        // Session of the request (@WithSession on the resource method).
        return queries.page(webshopId, states, from, max + 1).chain(found -> queries.count(webshopId, states).map(total -> {
            boolean more = found.size() > max;
            List<Listed> items = more ? found.subList(0, max) : found;
            return new Page(items, more ? cursor(items.get(items.size() - 1)) : null, total);
        }));
    }

    /**
     * Adds one invitation as the spec's POST does (same checks and messages); a queued one is audited: the owner,
     * {@code invitation.add}, {@code webshop:<id>}, no address or order. The batched intake commits the invitation
     * in its own statement (with other requests' adds), so the entry follows in a transaction of its own.
     */
    public Uni<InvitationAdds.Outcome> add(Owner owner, long webshopId, AddInvitationForm form) {
        return Uni.createFrom().deferred(() -> {
            InvitationRequests.requireEmail(form);
            return activeShop(webshopId).chain(shop -> adds.add(shop, form))
                    .call(outcome -> outcome.queued()
                            ? audited(owner, webshopId, "invitation.add", Map.of("source", "dashboard", "queued", 1))
                            : Uni.createFrom().voidItem());
        });
    }

    /** An owner's change of the webshop's invitations, in a transaction of its own (see {@link #add}). */
    Uni<Void> audited(Owner owner, long webshopId, String action, Object after) {
        return Panache.withTransaction(() -> audit.record(owner, action, "webshop:" + webshopId, webshopId, null, after))
                .replaceWithVoid();
    }

    public Uni<List<DashboardInvitationQueries.PeriodCounts>> outcomes(long webshopId, String by) {
        DashboardInvitationQueries.Unit unit;
        if (by == null || by.isBlank() || by.trim().equalsIgnoreCase("week")) {
            unit = DashboardInvitationQueries.Unit.WEEK;
        } else if (by.trim().equalsIgnoreCase("month")) {
            unit = DashboardInvitationQueries.Unit.MONTH;
        } else {
            return Uni.createFrom().failure(EnvelopeException.invalid("by must be week or month."));
        }
        return queries.outcomes(webshopId, unit);
    }

    /**
     * The webshop as the spec's add sees it: 404 while this service has no replica of it yet, the spec's 403 once the
     * operator deactivated it.
     */
    Uni<WebshopReplica> activeShop(long webshopId) {
        return webshops.find(webshopId).map(shop -> {
            if (shop == null) {
                throw EnvelopeException.notFound(OwnerAuth.NOT_YOURS);
            }
            if (!shop.active) {
                throw EnvelopeException.deactivated();
            }
            return shop;
        });
    }

    /** The opaque cursor of a page ending with {@code last}: its creation time (microseconds) and id. */
    static String cursor(Listed last) {
        Instant created = last.created();
        long micros = Math.addExact(Math.multiplyExact(created.getEpochSecond(), 1_000_000L), created.getNano() / 1_000);
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((micros + ":" + last.id()).getBytes(StandardCharsets.US_ASCII));
    }

    static Position cursor(String after) {
        if (after == null || after.isBlank()) {
            return null;
        }
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(after.trim()), StandardCharsets.US_ASCII).split(":", -1);
            Long micros = parts.length == 2 ? TextInput.integer(parts[0], 0, 253_402_300_799_999_999L) : null;
            Long id = parts.length == 2 ? TextInput.id(parts[1]) : null;
            if (micros != null && id != null) {
                return new Position(Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1_000), id);
            }
        } catch (IllegalArgumentException notBase64) {
            // answered below
        }
        throw EnvelopeException.invalid("after must be the next value of a previous page.");
    }
}
