package dev.shopreviews.partner.operator.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.operator.repository.OperatorApiKey;
import dev.shopreviews.partner.operator.service.OperatorApiKeys;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.util.List;

/**
 * API keys for operators' scripts: admins list, create (the key is shown once) and revoke them; a script trades its
 * key for a short-lived session token ({@code POST …/token} with {@code Authorization: Bearer <key>}) and sends it
 * as the {@code sr_operator} cookie, with {@code X-Operator-Request: 1} for changes, to any service's console API.
 */
@Cancellable(false)
@RolesAllowed(Roles.ADMIN)
@Path("/operator/api/partner/api-keys")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: API keys")
public class OperatorApiKeysResource {
    private final OperatorApiKeys keys;
    private final SecurityIdentity identity;

    public OperatorApiKeysResource(OperatorApiKeys keys, SecurityIdentity identity) {
        this.keys = keys;
        this.identity = identity;
    }

    public record NewKey(String name, String role) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record KeyView(long id, String name, String role, Instant createdAt, String createdBy, Instant revokedAt,
                          Instant lastUsedAt) {
        static KeyView of(OperatorApiKey row) {
            return new KeyView(row.id, row.name, row.role, row.createdAt, row.createdBy, row.revokedAt, row.lastUsedAt);
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CreatedKey(long id, String name, String role, String key) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TokenView(String token, Instant expiresAt) {
    }

    @JsonPropertyOrder({"status", "message", "api_keys"})
    public record KeyList(String status, String message, @com.fasterxml.jackson.annotation.JsonProperty("api_keys") List<KeyView> apiKeys) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record OneAnswer(String status, String message, Object data) {
    }

    @GET
    @Operation(summary = "Every API key (admin)")
    public Uni<Response> list() {
        return Envelope.guarded(() -> keys.list().map(all -> Envelope.ok(new KeyList(Messages.SUCCESS, "API keys retrieved.",
                all.stream().map(KeyView::of).toList()))));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create an API key for a script (admin); the key is answered only now")
    public Uni<Response> create(NewKey request) {
        return Envelope.guarded(() -> keys.create(Callers.operator(identity),
                        request == null ? null : request.name(), request == null ? null : request.role())
                .map(created -> Envelope.ok(new OneAnswer(Messages.SUCCESS, "API key created.", new CreatedKey(
                        created.row().id, created.row().name, created.row().role, created.key())))));
    }

    @POST
    @Path("/{id}/revoke")
    @Operation(summary = "Revoke an API key (admin); its last token expires within 10 minutes")
    public Uni<Response> revoke(@PathParam("id") String id) {
        return Envelope.guarded(() -> {
            var who = Callers.operator(identity);
            Long keyId = TextInput.id(id);
            if (keyId == null) {
                throw EnvelopeException.notFound("API key not found.");
            }
            return keys.revoke(who, keyId).map(row -> Envelope.ok(new OneAnswer(Messages.SUCCESS, "API key revoked.", KeyView.of(row))));
        });
    }

    // Open: the caller has no session yet, it trades its API key (checked by OperatorApiKeys) for one.
    @PermitAll
    @POST
    @Path("/token")
    @Operation(summary = "Trade an API key (Authorization: Bearer <key>) for a 10-minute console session token")
    public Uni<Response> token(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return Envelope.guarded(() -> keys.exchange(authorization).map(token -> Envelope.ok(new OneAnswer(Messages.SUCCESS,
                "Session token issued.", new TokenView(token.token(), token.expiresAt())))));
    }

}
