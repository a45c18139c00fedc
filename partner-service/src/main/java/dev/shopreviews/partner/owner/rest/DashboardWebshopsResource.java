package dev.shopreviews.partner.owner.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.Answer;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.NewCode;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.ShopDetails;
import dev.shopreviews.partner.owner.service.OwnerWebshops;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.List;

/**
 * The owner's webshop on the dashboard's Integration and Settings pages (gateway path
 * {@code /dashboard/api/partner/webshops/}): details without the API code, a new API code (shown once, only with the
 * typed confirmation), languages. Another owner's webshop answers 404 (common security's Callers.ownerOf).
 */
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/partner/webshops/{webshop}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: webshop")
public class DashboardWebshopsResource {
    /** What the owner types to confirm a new API code: the old one stops working everywhere. */
    public static final String ROTATE_CONFIRMATION = "rotate";
    static final String CONFIRM = "Type \"" + ROTATE_CONFIRMATION + "\" to confirm: the current API code stops working.";

    private final OwnerWebshops webshops;
    private final SecurityIdentity identity;

    public DashboardWebshopsResource(OwnerWebshops webshops, SecurityIdentity identity) {
        this.webshops = webshops;
        this.identity = identity;
    }

    public record RotateRequest(String confirm) {
    }

    public record LanguagesRequest(List<String> languages) {
    }

    @GET
    @Operation(summary = "The webshop's id, public code, languages, reply access and state (never the API code)")
    public Uni<Response> details(@PathParam("webshop") String webshop) {
        return Envelope.guarded(() -> {
            long id = webshopId(webshop);
            Callers.ownerOf(identity, id);
            return webshops.one(id).map(shop -> {
                if (shop == null) {
                    throw EnvelopeException.notFound(OwnerAuth.NOT_YOURS);
                }
                return Envelope.ok(new Answer<>(Messages.SUCCESS, "Webshop.", ShopDetails.of(shop)));
            });
        });
    }

    @POST
    @Path("/code")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Issue a new API code (shown only in this answer); the current one stops working")
    public Uni<Response> rotate(@PathParam("webshop") String webshop, RotateRequest request) {
        return Envelope.guarded(() -> {
            Owner owner = Callers.ownerOf(identity, webshopId(webshop));
            if (request == null || !ROTATE_CONFIRMATION.equals(request.confirm())) {
                throw EnvelopeException.invalid(CONFIRM);
            }
            return webshops.rotateCode(owner, webshopId(webshop)).map(issued -> Envelope.ok(new Answer<>(Messages.SUCCESS,
                    "New API code issued. Copy it now: it is not shown again.", new NewCode(issued.webshopId(), issued.code()))));
        });
    }

    @PUT
    @Path("/languages")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set the webshop's languages (ISO-639-1 codes)")
    public Uni<Response> languages(@PathParam("webshop") String webshop, LanguagesRequest request) {
        return Envelope.guarded(() -> {
            Owner owner = Callers.ownerOf(identity, webshopId(webshop));
            return webshops.setLanguages(owner, webshopId(webshop), request == null ? null : request.languages())
                    .map(shop -> Envelope.ok(new Answer<>(Messages.SUCCESS, "Languages saved.", ShopDetails.of(shop))));
        });
    }

    private static long webshopId(String value) {
        Long id = TextInput.id(value);
        if (id == null) {
            throw EnvelopeException.notFound(OwnerAuth.NOT_YOURS);
        }
        return id;
    }
}
