package dev.shopreviews.embed.readmodel.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.embed.readmodel.repository.ShopSummary;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Reads a webshop's display data from the local read model. Call inside a reactive session. */
@ApplicationScoped
public class ShopViews {
    private static final Logger LOG = Logger.getLogger(ShopViews.class);
    private static final Pattern ID = Pattern.compile("[0-9]{1,18}");
    private final ObjectMapper mapper;

    public ShopViews(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * The webshop with its summary and newest {@code reviews} shown reviews ({@link ShopView.Shown}), a deactivated
     * webshop ({@link ShopView.Deactivated}, its read model is not read) or {@link ShopView.Unknown}.
     */
    public Uni<ShopView> find(long webshopId, int reviews) {
        return WebshopReplica.<WebshopReplica>findById(webshopId).chain(replica -> {
            WebshopSnapshot snapshot = replica == null ? null : parse(replica.snapshot);
            if (snapshot == null) {
                return Uni.createFrom().item(new ShopView.Unknown());
            }
            if (!replica.active) {
                return Uni.createFrom().item(new ShopView.Deactivated(snapshot));
            }
            Uni<List<ShownReview>> latest = reviews > 0 ? ShownReview.latest(webshopId, reviews) : Uni.createFrom().item(List.of());
            return ShopSummary.<ShopSummary>findById(webshopId).chain(summary -> latest.chain(list ->
                    ShownReview.verifiedCount(webshopId).map(verified -> new ShopView.Shown(display(snapshot, summary, list, verified)))));
        });
    }

    /** Parses a path or query id; empty for anything that is not a positive number. */
    public static Optional<Long> id(String text) {
        if (text == null || !ID.matcher(text).matches()) {
            return Optional.empty();
        }
        long id = Long.parseLong(text);
        return id > 0 ? Optional.of(id) : Optional.empty();
    }

    private static ShopDisplay display(WebshopSnapshot shop, ShopSummary summary, List<ShownReview> reviews, long verified) {
        Map<String, BigDecimal> sub = new LinkedHashMap<>();
        sub.put("shippingtime", summary == null ? BigDecimal.ZERO : summary.shippingtime);
        sub.put("customerservice", summary == null ? BigDecimal.ZERO : summary.customerservice);
        sub.put("pricequality", summary == null ? BigDecimal.ZERO : summary.pricequality);
        sub.put("aftersale", summary == null ? BigDecimal.ZERO : summary.aftersale);
        return new ShopDisplay(shop, summary == null ? 0 : summary.amount,
                summary == null ? BigDecimal.ZERO : summary.ratingAverage, sub, reviews, verified);
    }

    private WebshopSnapshot parse(String json) {
        try {
            return mapper.readValue(json, WebshopSnapshot.class);
        } catch (Exception e) {
            LOG.warnf("Stored webshop snapshot cannot be read: %s", e.getMessage());
            return null;
        }
    }
}
