package dev.shopreviews.partner.partnerapi.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.partnerapi.repository.PartnerToken;
import dev.shopreviews.partner.partnerapi.service.PartnerTokens;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Partners in the operator console (admins only): tokens issued and revoked, and which shops each partner created. */
@Cancellable(false)
@RolesAllowed(Roles.ADMIN)
@Path("/operator/api/partner/partner-tokens")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: partners")
public class OperatorPartnersResource {
    private final SecurityIdentity identity;
    private final PartnerTokens tokens;
    private final WebshopRepository webshops;

    public OperatorPartnersResource(SecurityIdentity identity, PartnerTokens tokens, WebshopRepository webshops) {
        this.identity = identity;
        this.tokens = tokens;
        this.webshops = webshops;
    }

    public record IssueRequest(String partner) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TokenView(long id, String partner, Instant createdAt, Instant revokedAt, List<Long> webshopIds) {
    }

    @JsonPropertyOrder({"status", "message", "partner_tokens"})
    public record TokenList(String status, String message,
                            @com.fasterxml.jackson.annotation.JsonProperty("partner_tokens") List<TokenView> partnerTokens) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record Issued(String status, String message, PartnerTokens.Issued data) {
    }

    @GET
    @Operation(summary = "Every partner token with the shops its partner created (admin)")
    public Uni<Response> list() {
        return Envelope.guarded(() -> tokens.list().chain(all -> Panache.withSession(
                        () -> webshops.list("partnerSource is not null order by id"))
                .map(shops -> {
                    Map<String, List<Long>> byPartner = shops.stream().collect(Collectors.groupingBy(
                            shop -> shop.partnerSource, Collectors.mapping(shop -> shop.id, Collectors.toList())));
                    return Envelope.ok(new TokenList(Messages.SUCCESS, "Partner tokens retrieved.", all.stream()
                            .map(token -> view(token, byPartner.getOrDefault(token.partner, List.of()))).toList()));
                })));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Issue a partner token (admin); the token is answered only now")
    public Uni<Response> issue(IssueRequest request) {
        return Envelope.guarded(() -> tokens.issue(Callers.operator(identity), request == null ? null : request.partner())
                .map(issued -> Envelope.ok(new Issued(Messages.SUCCESS, "Partner token issued.", issued))));
    }

    @POST
    @Path("/{id}/revoke")
    @Operation(summary = "Revoke a partner token (admin)")
    public Uni<Response> revoke(@PathParam("id") String id) {
        return Envelope.guarded(() -> {
            var who = Callers.operator(identity);
            Long tokenId = TextInput.id(id);
            if (tokenId == null) {
                throw EnvelopeException.notFound("Partner token not found.");
            }
            return tokens.revoke(who, tokenId).map(found -> {
                if (!found) {
                    throw EnvelopeException.notFound("Partner token not found.");
                }
                return Envelope.ok(new Issued(Messages.SUCCESS, "Partner token revoked.", null));
            });
        });
    }

    private static TokenView view(PartnerToken token, List<Long> webshopIds) {
        return new TokenView(token.id, token.partner, token.createdAt, token.revokedAt, webshopIds);
    }

}
