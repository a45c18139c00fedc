package dev.shopreviews.ratings.transparency.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.ratings.review.repository.WebshopReplicas;
import dev.shopreviews.ratings.transparency.repository.TransparencyCounts;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * A webshop's transparency statement over the reviews created in the last 12 months (UTC days: from the same day a
 * year ago through today): per collection method (every method listed, zeros too) verified and unverified, the
 * moderation outcomes with the quarantine reasons, the share of reviews the shop replied to. Public: an active
 * webshop's id is enough; a missing id is 400, a non-numeric, unknown or inactive one 401, as on every endpoint.
 */
@ApplicationScoped
public class Transparency {
    public static final List<String> METHODS = List.of(ReviewSubmitted.ORIGIN_INVITATION, ReviewSubmitted.ORIGIN_POPUP,
            ReviewSubmitted.ORIGIN_FORM);

    public record Statement(long webshopId, LocalDate from, LocalDate to, List<TransparencyCounts.MethodCount> methods,
                            TransparencyCounts.Imported imported,
                            TransparencyCounts.Outcomes outcomes, List<TransparencyCounts.ReasonCount> reasons) {
    }

    private final TransparencyCounts counts;
    private final WebshopReplicas webshops;

    public Transparency(TransparencyCounts counts, WebshopReplicas webshops) {
        this.counts = counts;
        this.webshops = webshops;
    }

    @WithSession
    public Uni<Statement> of(String id) {
        if (id == null || id.isBlank()) {
            return Uni.createFrom().failure(EnvelopeException.missingVariables());
        }
        Long webshopId = WebshopAuthenticator.parseId(id);
        if (webshopId == null) {
            return Uni.createFrom().failure(EnvelopeException.incorrectCredentials());
        }
        LocalDate to = LocalDate.now(ZoneOffset.UTC);
        LocalDate from = to.minusYears(1);
        return webshops.findById(webshopId).chain(shop -> {
            if (shop == null || !shop.active) {
                throw EnvelopeException.incorrectCredentials();
            }
            return counts.since(webshopId, from.atStartOfDay(ZoneOffset.UTC).toInstant());
        }).map(figures -> new Statement(webshopId, from, to, METHODS.stream().map(method -> figures.methods().stream()
                        .filter(count -> count.method().equals(method)).findFirst()
                        .orElse(new TransparencyCounts.MethodCount(method, 0, 0))).toList(), figures.imported(),
                figures.outcomes(), figures.reasons()));
    }
}
