package dev.shopreviews.partner.admin.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.partner.partnerapi.service.PartnerTokens;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;
import dev.shopreviews.partner.webshop.service.NewWebshop;
import dev.shopreviews.partner.webshop.service.WebshopService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The operator's administration API (Bearer operator token). Not routed by the public gateway; reachable only
 * inside the cluster / on the service's own port.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/admin")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator administration")
public class AdminResource {
    private final OperatorAuth operator;
    private final WebshopService webshops;
    private final PartnerTokens tokens;

    public AdminResource(OperatorAuth operator, WebshopService webshops, PartnerTokens tokens) {
        this.operator = operator;
        this.webshops = webshops;
        this.tokens = tokens;
    }

    public record PartnerTokenRequest(String partner) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/webshops")
    @Operation(summary = "Create a webshop; answers its id, API code (shown only now) and public code")
    public Uni<Response> create(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, NewWebshop input) {
        return guarded(authorization, () -> webshops.create(input).map(AdminResource::credentials));
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/webshops/{id}")
    @Operation(summary = "Update a webshop's details, languages and domains")
    public Uni<Response> update(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                @PathParam("id") String id, NewWebshop input) {
        return guarded(authorization, () -> webshops.update(webshopId(id), input).map(AdminResource::summary));
    }

    @POST
    @Path("/webshops/{id}/approve")
    @Operation(summary = "Approve a webshop (its approved_date becomes visible in the domain lookup)")
    public Uni<Response> approve(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> webshops.approve(webshopId(id)).map(AdminResource::summary));
    }

    @POST
    @Path("/webshops/{id}/reply-access")
    @Operation(summary = "Grant access to the review reply endpoint")
    public Uni<Response> grantReplyAccess(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> webshops.setReplyAccess(webshopId(id), true).map(AdminResource::summary));
    }

    @DELETE
    @Path("/webshops/{id}/reply-access")
    @Operation(summary = "Revoke access to the review reply endpoint")
    public Uni<Response> revokeReplyAccess(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> webshops.setReplyAccess(webshopId(id), false).map(AdminResource::summary));
    }

    @POST
    @Path("/webshops/{id}/rotate-code")
    @Operation(summary = "Issue a new API code; the old one stops working")
    public Uni<Response> rotateCode(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> webshops.rotateCode(webshopId(id)).map(AdminResource::credentials));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/partner-tokens")
    @Operation(summary = "Issue a partner token (shown only now)")
    public Uni<Response> issueToken(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, PartnerTokenRequest request) {
        return guarded(authorization, () -> {
            if (request == null || request.partner() == null || request.partner().isBlank()) {
                throw EnvelopeException.invalid("partner is required.");
            }
            return tokens.issue(request.partner().trim()).map(issued -> Envelope.json(200,
                    Map.of("id", issued.id(), "partner", issued.partner(), "token", issued.token())));
        });
    }

    @DELETE
    @Path("/partner-tokens/{id}")
    @Operation(summary = "Revoke a partner token")
    public Uni<Response> revokeToken(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> tokens.revoke(webshopId(id)).map(found -> {
            if (!found) {
                throw EnvelopeException.notFound("Partner token not found.");
            }
            return Response.noContent().build();
        }));
    }

    private Uni<Response> guarded(String authorization, Supplier<Uni<Response>> work) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            operator.check(authorization);
            return work.get();
        }), Map.of());
    }

    private static long webshopId(String id) {
        Long parsed = WebshopAuthenticator.parseId(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Not found.");
        }
        return parsed;
    }

    private static Response credentials(IssuedWebshop issued) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("webshop_id", issued.webshopId());
        body.put("code", issued.code());
        body.put("public_code", issued.publicCode());
        return Envelope.json(200, body);
    }

    private static Response summary(Webshop shop) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("webshop_id", shop.id);
        body.put("name", shop.name);
        body.put("version", shop.version);
        body.put("approved", shop.approvedAt != null);
        body.put("reply_access", shop.replyAccess);
        body.put("domains", shop.domains);
        body.put("languages", shop.languageList());
        return Envelope.json(200, body);
    }
}
