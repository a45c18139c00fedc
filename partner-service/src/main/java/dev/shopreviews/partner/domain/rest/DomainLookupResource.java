package dev.shopreviews.partner.domain.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.partner.domain.service.DomainNames;
import dev.shopreviews.partner.partnerapi.service.PartnerTokens;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import dev.shopreviews.partner.webshop.service.PublicPages;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.10: retrieve webshop by domain. */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/webshops/fetch_domain.json")
@Produces(MediaType.APPLICATION_JSON)
public class DomainLookupResource {
    static final String DEFAULT_HERO_COLOR = "#0a6ebd";

    private final PartnerTokens tokens;
    private final WebshopRepository webshops;
    private final PublicPages pages;

    public DomainLookupResource(PartnerTokens tokens, WebshopRepository webshops, PublicPages pages) {
        this.tokens = tokens;
        this.webshops = webshops;
        this.pages = pages;
    }

    @GET
    public Uni<Response> lookup(@QueryParam("token") String token, @QueryParam("url") String url,
                                @QueryParam("approved_date") String approvedDate,
                                @QueryParam("partner_assurances") String partnerAssurances) {
        boolean withApproval = isTrue(approvedDate);
        boolean withAssurances = isTrue(partnerAssurances);
        return Envelope.guard(tokens.partnerOf(token).chain(partner -> {
            if (url == null || url.isBlank()) {
                throw EnvelopeException.missingVariables();
            }
            String domain = DomainNames.normalise(url).orElse(null);
            if (domain == null) {
                return Uni.createFrom().item(Envelope.json(200, List.of()));
            }
            return Panache.withSession(() -> webshops.findByDomain(domain)).map(found -> Envelope.json(200,
                    found.stream().map(shop -> profile(shop, withApproval, withAssurances)).toList()));
        }), Map.of());
    }

    private Map<String, Object> profile(Webshop shop, boolean withApproval, boolean withAssurances) {
        Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("id", shop.id);
        profile.put("name", shop.name);
        profile.put("url", shop.url);
        profile.put("rating", tenPointScale(shop.ratingAverage, shop.ratingCount));
        profile.put("rating_count", shop.ratingCount);
        profile.put("icon", shop.logo != null ? shop.logo : shop.url.replaceAll("/+$", "") + "/favicon.ico");
        profile.put("page", pages.page(shop.id, shop.mainLanguage));
        profile.put("hero_color", shop.heroColor != null ? shop.heroColor : DEFAULT_HERO_COLOR);
        profile.put("hero_image", shop.heroImage != null ? shop.heroImage : "");
        profile.put("created", Times.datetime(shop.createdAt));
        if (withApproval && shop.approvedAt != null) {
            profile.put("approved_date", Times.date(shop.approvedAt));
        }
        if (withAssurances) {
            profile.put("partner_assurances", new TreeMap<>(shop.partnerAssurances));
        }
        return profile;
    }

    /** The 1-5 average on the 1-10 scale with one decimal; null while the webshop has no reviews. */
    static BigDecimal tenPointScale(BigDecimal average, long count) {
        if (average == null || count == 0) {
            return null;
        }
        return average.multiply(BigDecimal.valueOf(2)).setScale(1, RoundingMode.HALF_UP);
    }

    private static boolean isTrue(String flag) {
        return flag != null && (flag.equals("1") || flag.equalsIgnoreCase("true") || flag.equalsIgnoreCase("yes"));
    }
}
