package dev.shopreviews.ratings.transparency.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.ratings.transparency.service.Transparency;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/** {@code GET /api/1.0/transparency.json} (an extension of the spec): a webshop's figures of the last 12 months. */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "webshop_id", "period", "collected", "imported", "moderation", "responses"})
public record TransparencyAnswer(String status, String message, @JsonProperty("webshop_id") long webshopId,
                                 Period period, List<Collected> collected, Imported imported, Moderation moderation,
                                 Responses responses) {

    /** UTC days, {@code YYYY-MM-DD}, both included. */
    @JsonPropertyOrder({"from", "to"})
    public record Period(String from, String to) {
    }

    /** One collection method (invitation, popup, form): reviews verified and not. */
    @JsonPropertyOrder({"method", "verified", "unverified"})
    public record Collected(String method, long verified, long unverified) {
    }

    /**
     * Reviews the shop imported from other providers, never in {@code collected} (we did not collect them) and never
     * verified by us: all of them, and those their source says it collected as verified purchases.
     */
    @JsonPropertyOrder({"reviews", "source_verified_purchase"})
    public record Imported(long reviews, @JsonProperty("source_verified_purchase") long sourceVerifiedPurchase) {
    }

    /** Each review counted once: deleted, else quarantined, else held, else published. */
    @JsonPropertyOrder({"published", "quarantined", "held", "deleted", "quarantine_reasons"})
    public record Moderation(long published, long quarantined, long held, long deleted,
                             @JsonProperty("quarantine_reasons") List<Reason> quarantineReasons) {
    }

    @JsonPropertyOrder({"reason", "count"})
    public record Reason(String reason, long count) {
    }

    /** Reviews of the period, those the shop replied to, and their share (two decimals, 0 without reviews). */
    @JsonPropertyOrder({"reviews", "replied", "rate"})
    public record Responses(long reviews, long replied, BigDecimal rate) {
    }

    static TransparencyAnswer of(Transparency.Statement statement) {
        var outcomes = statement.outcomes();
        BigDecimal rate = outcomes.total() == 0 ? BigDecimal.ZERO.setScale(2)
                : BigDecimal.valueOf(outcomes.replied()).divide(BigDecimal.valueOf(outcomes.total()), 2, RoundingMode.HALF_UP);
        return new TransparencyAnswer(Messages.SUCCESS, TransparencyResource.SUCCESS, statement.webshopId(),
                new Period(Times.DATE.format(statement.from()), Times.DATE.format(statement.to())),
                statement.methods().stream().map(m -> new Collected(m.method(), m.verified(), m.unverified())).toList(),
                new Imported(statement.imported().reviews(), statement.imported().sourceVerifiedPurchase()),
                new Moderation(outcomes.published(), outcomes.quarantined(), outcomes.held(), outcomes.deleted(),
                        statement.reasons().stream().map(r -> new Reason(r.reason(), r.count())).toList()),
                new Responses(outcomes.total(), outcomes.replied(), rate));
    }
}
