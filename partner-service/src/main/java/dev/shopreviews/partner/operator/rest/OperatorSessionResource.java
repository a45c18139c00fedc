package dev.shopreviews.partner.operator.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.common.web.ClientAddresses;
import dev.shopreviews.partner.operator.service.OperatorSignIn;
import dev.shopreviews.partner.web.SignedInCaller;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Signing in to and out of the operator console (gateway path {@code /operator/api/partner/session}). The session
 * is the signed cookie every service checks itself (common OperatorSessions).
 */
@Cancellable(false)
@Path("/operator/api/partner/session")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: sign-in")
public class OperatorSessionResource {
    private final OperatorSignIn signIn;
    private final SecurityIdentity identity;
    private final SignedInCaller signedIn;
    private final ClientAddresses clients;

    public OperatorSessionResource(OperatorSignIn signIn, SecurityIdentity identity, SignedInCaller signedIn,
                                   ClientAddresses clients) {
        this.signIn = signIn;
        this.identity = identity;
        this.signedIn = signedIn;
        this.clients = clients;
    }

    public record SignInRequest(String name, String password, String code) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Me(String name, String role) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record MeAnswer(String status, String message, Me data) {
    }

    // Open: whoever signs in has no session yet (per-client and per-name limits in OperatorSignIn; the console's header).
    @PermitAll
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in with name, password and the authenticator app's 6-digit code; sets the session cookie")
    public Uni<Response> signIn(@HeaderParam(OperatorSessions.CSRF_HEADER) String csrf, SignInRequest request,
                                @Context HttpServerRequest http) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            if (!"1".equals(csrf)) {
                throw new EnvelopeException(403, "This request must come from the operator console.");
            }
            SignInRequest body = request == null ? new SignInRequest(null, null, null) : request;
            return signIn.signIn(body.name(), body.password(), body.code(), clients.client(http))
                    .map(token -> Response.ok(new MeAnswer(Messages.SUCCESS, "Signed in.", null))
                            .cookie(cookie(token, (int) OperatorSessions.LIFETIME.toSeconds())).build());
        }), ErrorBody.PLAIN);
    }

    @GET
    @RolesAllowed(Roles.MODERATOR)
    @Operation(summary = "The signed-in operator (name and role)")
    public Uni<Response> me() {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            Operator operator = Callers.operator(identity);
            return Uni.createFrom().item(Envelope.ok(new MeAnswer(Messages.SUCCESS, "Signed in.",
                    new Me(operator.name(), operator.role().value()))));
        }), ErrorBody.PLAIN);
    }

    // Open: the cookie is cleared even when its session is already over; only a valid session's operator is signed out.
    @PermitAll
    @DELETE
    @Operation(summary = "Sign out: the session cookie is cleared, and every session of the operator ends in every service")
    public Uni<Response> signOut(@HeaderParam(OperatorSessions.CSRF_HEADER) String csrf) {
        if (!"1".equals(csrf)) {
            return Uni.createFrom().item(Envelope.error(403, "This request must come from the operator console."));
        }
        Uni<Void> ended = signedIn.ifIn(Roles.MODERATOR, Callers::operator).chain(operator -> operator
                .map(signIn::signOut)
                .orElseGet(() -> Uni.createFrom().voidItem()));
        return ended.map(done -> Response.ok(new MeAnswer(Messages.SUCCESS, "Signed out.", null)).cookie(cookie("", 0)).build());
    }

    private static NewCookie cookie(String value, int maxAge) {
        return new NewCookie.Builder(OperatorSessions.COOKIE).value(value).path(OperatorSessions.COOKIE_PATH).maxAge(maxAge)
                .secure(true).httpOnly(true).sameSite(NewCookie.SameSite.STRICT).build();
    }
}
