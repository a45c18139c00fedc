package dev.shopreviews.partner.domain.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.partner.domain.service.DomainNames;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import dev.shopreviews.partner.webshop.service.PublicPages;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.TreeMap;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.10: retrieve webshop by domain, for partners (the token is checked by common security, PartnerTokenCheck). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.PARTNER)
@Path("/webshops/fetch_domain.json")
@Produces(MediaType.APPLICATION_JSON)
public class DomainLookupResource {
    static final String DEFAULT_HERO_COLOR = "#0a6ebd";

    private final WebshopRepository webshops;
    private final PublicPages pages;

    public DomainLookupResource(WebshopRepository webshops, PublicPages pages) {
        this.webshops = webshops;
        this.pages = pages;
    }

    static final String EXAMPLE = "[{\"id\":1001,\"name\":\"Example shop\",\"url\":\"https://shop.example\",\"rating\":8.7,\"rating_count\":27,\"icon\":\"https://shop.example/logo.png\",\"page\":\"https://reviews.example/shop/1001/nl\",\"hero_color\":\"#0a6ebd\",\"hero_image\":\"\",\"created\":\"2026-03-02 10:15:00\",\"approved_date\":\"2026-03-05\",\"partner_assurances\":{\"acme-commerce\":true}}]";

    @GET
    @Operation(summary = "Find the webshops of a domain (spec 4.10, partner token)",
            description = "The answer is a bare list, no envelope; [] when no active webshop has the url's domain.")
    @APIResponse(responseCode = "200", description = "The matching webshops.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = DomainProfile.class),
            examples = @ExampleObject(name = "one webshop, with approval and assurances", value = EXAMPLE)))
    @APIResponse(responseCode = "401", description = "Missing, unknown or revoked partner token.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no token", value = "{\"status\":\"error\",\"message\":\"Invalid or missing token.\"}")))
    @APIResponse(responseCode = "400", description = "url missing.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    @Parameter(name = "token", in = ParameterIn.QUERY, description = "the partner token",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> lookup(@Parameter(description = "a url of the shop; only its host name counts") @QueryParam("url") String url,
                                @Parameter(description = "1, true or yes: add approved_date (when approved)")
                                @QueryParam("approved_date") String approvedDate,
                                @Parameter(description = "1, true or yes: add partner_assurances")
                                @QueryParam("partner_assurances") String partnerAssurances) {
        boolean withApproval = isTrue(approvedDate);
        boolean withAssurances = isTrue(partnerAssurances);
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            if (url == null || url.isBlank()) {
                throw EnvelopeException.missingVariables();
            }
            String domain = DomainNames.normalise(url).orElse(null);
            if (domain == null) {
                return Uni.createFrom().item(Envelope.ok(List.of()));
            }
            return Panache.withSession(() -> webshops.findByDomain(domain)).map(found -> Envelope.ok(
                    found.stream().map(shop -> profile(shop, withApproval, withAssurances)).toList()));
        }), ErrorBody.PLAIN);
    }

    private DomainProfile profile(Webshop shop, boolean withApproval, boolean withAssurances) {
        return new DomainProfile(shop.id, shop.name, shop.url, tenPointScale(shop.ratingAverage, shop.ratingCount),
                shop.ratingCount, shop.logo != null ? shop.logo : shop.url.replaceAll("/+$", "") + "/favicon.ico",
                pages.page(shop.id, shop.mainLanguage), shop.heroColor != null ? shop.heroColor : DEFAULT_HERO_COLOR,
                shop.heroImage != null ? shop.heroImage : "", Times.datetime(shop.createdAt),
                withApproval && shop.approvedAt != null ? Times.date(shop.approvedAt) : null,
                withAssurances ? new TreeMap<>(shop.partnerAssurances) : null);
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
