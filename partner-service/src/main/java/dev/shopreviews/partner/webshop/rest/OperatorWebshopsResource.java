package dev.shopreviews.partner.webshop.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import dev.shopreviews.partner.webshop.service.WebshopService;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Shops in the operator console: search (any role), and the admin's changes: approve, deactivate, reactivate,
 * reply access, languages. Each change is one audited, versioned snapshot (WebshopService).
 */
@Cancellable(false)
@RolesAllowed(Roles.MODERATOR)
@Path("/operator/api/partner/webshops")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: shops")
public class OperatorWebshopsResource {
    private final SecurityIdentity identity;
    private final WebshopService webshops;
    private final WebshopRepository repository;

    public OperatorWebshopsResource(SecurityIdentity identity, WebshopService webshops, WebshopRepository repository) {
        this.identity = identity;
        this.webshops = webshops;
        this.repository = repository;
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ShopView(long webshopId, String name, String url, List<String> domains, boolean active, boolean approved,
                           boolean replyAccess, String mainLanguage, List<String> languages, String createdBy,
                           Instant createdAt, long reviews, java.math.BigDecimal ratingAverage) {
        static ShopView of(Webshop shop) {
            return new ShopView(shop.id, shop.name, shop.url, List.copyOf(new TreeSet<>(shop.domains)), shop.active,
                    shop.approvedAt != null, shop.replyAccess, shop.mainLanguage, shop.languageList(),
                    shop.partnerSource == null ? "operator" : "partner " + shop.partnerSource, shop.createdAt,
                    shop.ratingCount, shop.ratingAverage);
        }
    }

    @JsonPropertyOrder({"status", "message", "webshops"})
    public record ShopList(String status, String message, List<ShopView> webshops) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record OneShop(String status, String message, ShopView data) {
    }

    public record LanguagesRequest(List<String> languages) {
    }

    @GET
    @Operation(summary = "Search shops by id, or by a part of the name or a domain (newest first)")
    public Uni<Response> search(@QueryParam("q") @DefaultValue("") String text,
                                @QueryParam("limit") @DefaultValue("50") String limit) {
        return Envelope.guarded(() -> {
            Long max = TextInput.integer(limit, 1, 200);
            if (max == null || text.length() > 200 || !TextInput.acceptable(text, TextInput.Kind.LINE)) {
                throw EnvelopeException.invalid("q must be one line of at most 200 characters; limit 1-200.");
            }
            String trimmed = text.trim();
            Long id = TextInput.id(trimmed);
            return Panache.withSession(() -> repository.search(id, trimmed, max.intValue()))
                    .map(found -> Envelope.ok(new ShopList(Messages.SUCCESS, "Webshops retrieved.",
                            found.stream().map(ShopView::of).toList())));
        });
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One shop")
    public Uni<Response> one(@PathParam("id") String id) {
        return Envelope.guarded(() -> {
            long webshopId = webshopId(id);
            return Panache.withSession(() -> repository.findById(webshopId)).map(shop -> {
                if (shop == null) {
                    throw EnvelopeException.notFound("Webshop not found.");
                }
                return answer("Webshop retrieved.", shop);
            });
        });
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/{id}/approve")
    @Operation(summary = "Approve a shop (admin)")
    public Uni<Response> approve(@PathParam("id") String id) {
        return change(who -> webshops.approve(who, webshopId(id)), "Webshop approved.");
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/{id}/deactivate")
    @Operation(summary = "Deactivate a shop (admin): its API and public codes, widgets and invitations stop")
    public Uni<Response> deactivate(@PathParam("id") String id) {
        return change(who -> webshops.setActive(who, webshopId(id), false), "Webshop deactivated.");
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/{id}/reactivate")
    @Operation(summary = "Reactivate a deactivated shop (admin)")
    public Uni<Response> reactivate(@PathParam("id") String id) {
        return change(who -> webshops.setActive(who, webshopId(id), true), "Webshop reactivated.");
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/{id}/reply-access")
    @Operation(summary = "Grant access to the review reply endpoint (admin)")
    public Uni<Response> grantReplies(@PathParam("id") String id) {
        return change(who -> webshops.setReplyAccess(who, webshopId(id), true), "Reply access granted.");
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/{id}/reply-access/revoke")
    @Operation(summary = "Revoke access to the review reply endpoint (admin)")
    public Uni<Response> revokeReplies(@PathParam("id") String id) {
        return change(who -> webshops.setReplyAccess(who, webshopId(id), false), "Reply access revoked.");
    }

    @PUT
    @RolesAllowed(Roles.ADMIN)
    @Path("/{id}/languages")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set a shop's languages (admin), e.g. {\"languages\":[\"nl\",\"en\"]}")
    public Uni<Response> languages(@PathParam("id") String id, LanguagesRequest request) {
        return change(who -> webshops.setLanguages(who, webshopId(id), request == null ? null : request.languages()),
                "Languages saved.");
    }

    private Uni<Response> change(Function<Operator, Uni<Webshop>> work, String message) {
        return Envelope.guarded(() -> work.apply(Callers.operator(identity)).map(shop -> answer(message, shop)));
    }

    private static Response answer(String message, Webshop shop) {
        return Envelope.ok(new OneShop(Messages.SUCCESS, message, ShopView.of(shop)));
    }


    private static long webshopId(String id) {
        Long parsed = WebshopAuthenticator.parseId(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Webshop not found.");
        }
        return parsed;
    }
}
