package dev.shopreviews.partner.operator.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.operator.repository.OperatorAccount;
import dev.shopreviews.partner.operator.service.OperatorAccounts;
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

/**
 * The console's operator management: admins only, reads included (a moderator manages no operators). Changes need
 * the console's request header (common security's SessionRequestHeaders).
 */
@Cancellable(false)
@RolesAllowed(Roles.ADMIN)
@Path("/operator/api/partner/operators")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: operators")
public class OperatorAccountsResource {
    private final OperatorAccounts accounts;
    private final SecurityIdentity identity;

    public OperatorAccountsResource(OperatorAccounts accounts, SecurityIdentity identity) {
        this.accounts = accounts;
        this.identity = identity;
    }

    public record NewOperator(String name, String role, String password) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OperatorView(String name, String role, boolean active, Instant createdAt, String createdBy) {
        static OperatorView of(OperatorAccount account) {
            return new OperatorView(account.name, account.role, account.active, account.createdAt, account.createdBy);
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CreatedView(String name, String role, String totpSecret, String otpauthUri) {
    }

    @JsonPropertyOrder({"status", "message", "operators"})
    public record OperatorList(String status, String message, List<OperatorView> operators) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record OneOperator(String status, String message, Object data) {
    }

    @GET
    @Operation(summary = "Every operator (admin)")
    public Uni<Response> list() {
        return Envelope.guarded(() -> accounts.list().map(all -> Envelope.ok(new OperatorList(Messages.SUCCESS,
                "Operators retrieved.", all.stream().map(OperatorView::of).toList()))));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create an operator (admin); answers the TOTP secret once")
    public Uni<Response> create(NewOperator request) {
        return Envelope.guarded(() -> {
            NewOperator body = request == null ? new NewOperator(null, null, null) : request;
            return accounts.create(Callers.operator(identity), body.name(), body.role(), body.password())
                    .map(created -> Envelope.ok(new OneOperator(Messages.SUCCESS, "Operator created.", new CreatedView(
                            created.account().name, created.account().role, created.totpSecret(), created.otpauthUri()))));
        });
    }

    @POST
    @Path("/{name}/deactivate")
    @Operation(summary = "Deactivate an operator (admin; not oneself)")
    public Uni<Response> deactivate(@PathParam("name") String name) {
        return Envelope.guarded(() -> accounts.deactivate(Callers.operator(identity), name)
                .map(account -> Envelope.ok(new OneOperator(Messages.SUCCESS, "Operator deactivated.", OperatorView.of(account)))));
    }

}
