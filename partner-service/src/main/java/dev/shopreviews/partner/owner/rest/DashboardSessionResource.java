package dev.shopreviews.partner.owner.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.common.web.ClientAddresses;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.Answer;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.Me;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.ShopLine;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.TotpSetup;
import dev.shopreviews.partner.owner.service.OwnerPasswords;
import dev.shopreviews.partner.owner.service.OwnerSecondFactor;
import dev.shopreviews.partner.owner.service.OwnerSignIn;
import dev.shopreviews.partner.owner.service.OwnerWebshops;
import dev.shopreviews.partner.session.service.DashboardSessions;
import dev.shopreviews.partner.web.SignedInCaller;
import io.quarkus.hibernate.reactive.panache.Panache;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;


/**
 * The owner's account on the dashboard (gateway path {@code /dashboard/api/partner/account/}): sign in and out, set a
 * password from a mailed link, ask for a reset link, turn the second factor on. Every POST needs the dashboard's
 * request header, sign-in too (no other site can sign a visitor in to an account of its choosing): checked here for
 * the open endpoints, by common security's SessionRequestHeaders for the owner's.
 */
@Cancellable(false)
@Path("/dashboard/api/partner/account")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: account")
public class DashboardSessionResource {
    private final OwnerSignIn signIn;
    private final OwnerPasswords passwords;
    private final OwnerSecondFactor secondFactor;
    private final OwnerWebshops webshops;
    private final SecurityIdentity identity;
    private final SignedInCaller signedIn;
    private final ClientAddresses clients;
    private final DashboardSessions dashboardSessions;

    public DashboardSessionResource(OwnerSignIn signIn, OwnerPasswords passwords, OwnerSecondFactor secondFactor,
                                    OwnerWebshops webshops, SecurityIdentity identity, SignedInCaller signedIn,
                                    ClientAddresses clients, DashboardSessions dashboardSessions) {
        this.dashboardSessions = dashboardSessions;
        this.signIn = signIn;
        this.passwords = passwords;
        this.secondFactor = secondFactor;
        this.webshops = webshops;
        this.identity = identity;
        this.signedIn = signedIn;
        this.clients = clients;
    }

    public record SignInRequest(String email, String password, String code) {
    }

    public record PasswordRequest(String token, String password) {
    }

    public record ResetRequest(String email) {
    }

    public record CodeRequest(String code) {
    }

    /** The current password, and a current code while the second factor is on: asked before that factor changes. */
    public record CurrentCredentials(String password, String code) {
    }

    // Open: whoever signs in has no session yet (per-client and per-address limits in OwnerSignIn; the dashboard's header).
    @PermitAll
    @POST
    @Path("/session")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in with e-mail address, password and (when turned on) the authenticator code; sets the session cookie")
    public Uni<Response> signIn(@HeaderParam(OwnerSessions.CSRF_HEADER) String csrf, SignInRequest request,
                                @HeaderParam(HttpHeaders.USER_AGENT) String userAgent, @Context HttpServerRequest http) {
        return Envelope.guarded(() -> {
            OwnerAuth.requireDashboardRequest(csrf);
            SignInRequest body = request == null ? new SignInRequest(null, null, null) : request;
            return signIn.signIn(body.email(), body.password(), body.code(), clients.client(http), userAgent)
                    .map(token -> Response.ok(new Answer<>(Messages.SUCCESS, "Signed in.", null))
                            .cookie(cookie(token, (int) OwnerSessions.LIFETIME.toSeconds())).build());
        });
    }

    @GET
    @RolesAllowed(Roles.OWNER)
    @Path("/session")
    @Operation(summary = "The signed-in owner and their webshops")
    public Uni<Response> me() {
        return Envelope.guarded(() -> {
            Owner owner = Callers.owner(identity);
            return webshops.of(owner).map(shops -> Envelope.ok(new Answer<>(Messages.SUCCESS, "Signed in.",
                    new Me(owner.id(), owner.email(), shops.stream().map(ShopLine::of).toList()))));
        });
    }

    // Open: the cookie is cleared even when its session is already over; only a valid session's owner is signed out.
    @PermitAll
    @DELETE
    @Path("/session")
    @Operation(summary = "Sign out: the session cookie is cleared, and every session of the owner ends in every service")
    public Uni<Response> signOut(@HeaderParam(OwnerSessions.CSRF_HEADER) String csrf) {
        return Envelope.guarded(() -> {
            OwnerAuth.requireDashboardRequest(csrf);
            Uni<Void> ended = signedIn.ifIn(Roles.OWNER, Callers::owner).chain(owner -> owner
                    .map(dashboardSessions::signOut)
                    .orElseGet(() -> Uni.createFrom().voidItem()));
            return ended.map(done -> Response.ok(new Answer<>(Messages.SUCCESS, "Signed out.", null))
                    .cookie(cookie("", 0)).build());
        });
    }

    // Open: the mailed link's token is the credential (works once, OwnerPasswords).
    @PermitAll
    @POST
    @Path("/password")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set the password with the token of a mailed invitation or reset link (works once)")
    public Uni<Response> setPassword(@HeaderParam(OwnerSessions.CSRF_HEADER) String csrf, PasswordRequest request) {
        return Envelope.guarded(() -> {
            OwnerAuth.requireDashboardRequest(csrf);
            PasswordRequest body = request == null ? new PasswordRequest(null, null) : request;
            return passwords.setFromLink(body.token(), body.password())
                    .map(ignored -> Envelope.ok(new Answer<>(Messages.SUCCESS, "Password set. Sign in with it.", null)));
        });
    }

    // Open: whoever forgot the password has no session; the answer is the same for every address.
    @PermitAll
    @POST
    @Path("/password-reset")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Mail a link to set a new password; the answer is the same for unknown addresses")
    public Uni<Response> requestReset(@HeaderParam(OwnerSessions.CSRF_HEADER) String csrf, ResetRequest request) {
        return Envelope.guarded(() -> {
            OwnerAuth.requireDashboardRequest(csrf);
            return passwords.requestReset(request == null ? null : request.email())
                    .map(ignored -> Envelope.ok(new Answer<>(Messages.SUCCESS,
                            "If the address has a dashboard account, a link is on its way.", null)));
        });
    }

    @POST
    @RolesAllowed(Roles.OWNER)
    @Path("/totp")
    @Operation(summary = "Start turning on (or replacing) the second factor with the current password and, while a factor"
            + " is on, a current code: a new secret to load into an authenticator app")
    public Uni<Response> startTotp(CurrentCredentials request, @Context HttpServerRequest http) {
        return Envelope.guarded(() -> {
            CurrentCredentials body = request == null ? new CurrentCredentials(null, null) : request;
            return secondFactor.start(Callers.owner(identity), body.password(), body.code(), clients.client(http)).map(pending -> Envelope.ok(new Answer<>(Messages.SUCCESS,
                    "Load the secret into your app, then confirm with a code.", new TotpSetup(pending.secret(), pending.otpauthUri()))));
        });
    }

    @POST
    @RolesAllowed(Roles.OWNER)
    @Path("/totp/confirm")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Turn the second factor on with a code of the new secret")
    public Uni<Response> confirmTotp(CodeRequest request, @HeaderParam(HttpHeaders.USER_AGENT) String userAgent) {
        return Envelope.guarded(() -> {
            Owner owner = Callers.owner(identity);
            return secondFactor.confirm(owner, request == null ? null : request.code())
                    .chain(ignored -> withNewSession(Envelope.ok(new Answer<>(Messages.SUCCESS, "Second factor on.", null)), owner, userAgent));
        });
    }

    @POST
    @RolesAllowed(Roles.OWNER)
    @Path("/totp/off")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Turn the second factor off with the current password and a current code")
    public Uni<Response> turnOffTotp(CurrentCredentials request, @HeaderParam(HttpHeaders.USER_AGENT) String userAgent,
                                     @Context HttpServerRequest http) {
        return Envelope.guarded(() -> {
            CurrentCredentials body = request == null ? new CurrentCredentials(null, null) : request;
            Owner owner = Callers.owner(identity);
            return secondFactor.turnOff(owner, body.password(), body.code(), clients.client(http))
                    .chain(ignored -> withNewSession(Envelope.ok(new Answer<>(Messages.SUCCESS, "Second factor off.", null)), owner, userAgent));
        });
    }


    // The change ended every session of the owner, this browser's too: it continues with one opened after the end.
    private Uni<Response> withNewSession(Response answer, Owner owner, String userAgent) {
        return Panache.withTransaction(() -> dashboardSessions.open(owner.id(), owner.email(), owner.webshops(), userAgent))
                .map(session -> Response.fromResponse(answer)
                        .cookie(cookie(session, (int) OwnerSessions.LIFETIME.toSeconds())).build());
    }

    static NewCookie cookie(String value, int maxAge) {
        return new NewCookie.Builder(OwnerSessions.COOKIE).value(value).path(OwnerSessions.COOKIE_PATH).maxAge(maxAge)
                .secure(true).httpOnly(true).sameSite(NewCookie.SameSite.LAX).build();
    }
}
