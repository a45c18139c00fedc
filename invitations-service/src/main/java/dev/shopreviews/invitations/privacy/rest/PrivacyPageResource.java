package dev.shopreviews.invitations.privacy.rest;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.privacy.PrivacySession;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.common.web.ClientAddresses;
import dev.shopreviews.common.web.ContentSecurityPolicy;
import dev.shopreviews.common.web.HtmlPage;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.erasure.service.ErasureRequests;
import dev.shopreviews.invitations.privacy.service.PrivacyLinkMail;
import dev.shopreviews.invitations.privacy.service.PrivacyLinks;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import org.jboss.resteasy.reactive.server.Cancellable;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

import java.net.URI;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * The person's privacy page ({@code /privacy/}, docs/privacy.md): asks for an e-mailed link, turns a used link into
 * the session cookie, and shows the signed-in page, whose script calls each service's {@code /privacy/api/…}.
 * Every form posts to this origin only (a POST with another Origin is refused).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@HtmlPage
@Path("/privacy")
// Public: anyone asks for a link and uses it (the mailed, signed link is the credential) or signs out; the page shows
// the account for a valid own cookie and the sign-in form otherwise (an invalid cookie is no 401 here). The session's
// API (/privacy/api/…: export, erasure) declares the privacy-session role.
@PermitAll
public class PrivacyPageResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance start(String lang, String email, String error);

        static native TemplateInstance sent(String lang, String email, long minutes);

        static native TemplateInstance continueLink(String lang, String token);

        static native TemplateInstance invalidLink(String lang);

        static native TemplateInstance account(String lang, String email);
    }

    private final PrivacyLinks links;
    private final PrivacySessions sessions;
    private final ClientAddresses clients;
    private final InvitationsConfig config;

    public PrivacyPageResource(PrivacyLinks links, PrivacySessions sessions, ClientAddresses clients,
                               InvitationsConfig config) {
        this.links = links;
        this.sessions = sessions;
        this.clients = clients;
        this.config = config;
    }

    @GET
    @Path("/")
    @Operation(summary = "The privacy page (HTML): the form that asks for a link, or the signed-in page")
    public Response page(@Parameter(description = "Page language: en or nl (else from Accept-Language)") @QueryParam("lang") String lang,
                         @HeaderParam("Accept-Language") String acceptLanguage,
                         @CookieParam(PrivacySessions.COOKIE) String cookie) {
        String language = language(lang, acceptLanguage);
        Optional<PrivacySession> session = sessions.verify(cookie, Instant.now());
        TemplateInstance shown = session.map(s -> Templates.account(language, s.email())).orElseGet(() -> Templates.start(language, null, null));
        return page(200, shown, language, session.isPresent());
    }

    @POST
    @Path("/link")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(summary = "Mails a sign-in link to the address (always the same answer, known address or not; HTML)")
    public Uni<Response> requestLink(@FormParam("email") String email, @FormParam("lang") String lang,
                                     @HeaderParam("Origin") String origin, @Context HttpServerRequest request) {
        String language = language(lang, null);
        sameOrigin(origin);
        String address;
        try {
            address = ErasureRequests.checkedEmail(email);  // one line of text (no NUL or control character), an address
        } catch (EnvelopeException invalid) {
            return Uni.createFrom().item(page(400, Templates.start(language, email, PrivacyLinkMail.messages(language).invalidEmail()),
                    language, false));
        }
        return links.reserve(address, clients.client(request), language, Instant.now())
                .invoke(links::handOver)
                .map(reserved -> page(200, Templates.sent(language, address, config.privacy().linkValidity().toMinutes()), language, false))
                .onFailure(EnvelopeException.class).recoverWithItem(limited -> page(429,
                        Templates.start(language, address, PrivacyLinkMail.messages(language).tooMany()), language, false));
    }

    @GET
    @Path("/session")
    @Operation(summary = "The e-mailed link: a page with a button that uses it (opening it changes nothing; HTML)")
    public Response confirmLink(@Parameter(description = "The signed link") @QueryParam("token") String token) {
        return links.read(token, Instant.now())
                .map(link -> page(200, Templates.continueLink(link.language(), token), link.language(), false))
                .orElseGet(() -> page(400, Templates.invalidLink("en"), "en", false));
    }

    @POST
    @Path("/session")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @WithTransaction
    @Operation(summary = "Uses the link once and signs in: sets the session cookie and goes to the page")
    public Uni<Response> useLink(@FormParam("token") String token, @FormParam("lang") String lang,
                                 @HeaderParam("Origin") String origin) {
        sameOrigin(origin);
        String language = language(lang, null);
        return links.use(token, Instant.now()).map(session -> session
                .map(value -> Response.seeOther(URI.create("/privacy/?lang=" + language))
                        .cookie(cookie(value, (int) PrivacySessions.LIFETIME.toSeconds())).build())
                .orElseGet(() -> page(400, Templates.invalidLink(language), language, false)));
    }

    @POST
    @Path("/sign-out")
    @Operation(summary = "Signs out: removes the session cookie")
    public Response signOut(@HeaderParam("Origin") String origin) {
        sameOrigin(origin);
        return Response.seeOther(URI.create("/privacy/")).cookie(cookie("", 0)).build();
    }

    private void sameOrigin(String origin) {
        if (origin != null && !origin.equals(URI.create(config.publicBaseUrl()).resolve("/").toString().replaceAll("/$", ""))) {
            throw new EnvelopeException(403, "This request must come from the privacy page.");
        }
    }

    static NewCookie cookie(String value, int maxAge) {
        return new NewCookie.Builder(PrivacySessions.COOKIE).value(value).path("/privacy/").maxAge(maxAge)
                .secure(true).httpOnly(true).sameSite(NewCookie.SameSite.STRICT).build();
    }

    static String language(String requested, String acceptLanguage) {
        String wanted = requested != null ? requested : acceptLanguage == null ? "" : acceptLanguage;
        return wanted.trim().toLowerCase(Locale.ROOT).startsWith("nl") ? "nl" : "en";
    }

    private static Response page(int status, TemplateInstance page, String language, boolean signedIn) {
        String html = page.setAttribute("locale", Locale.forLanguageTag(language)).render();
        String policy = ContentSecurityPolicy.of(html, ContentSecurityPolicy.Framing.NOBODY, null)
                + (signedIn ? "; connect-src 'self'" : "");
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html)
                .header("Content-Security-Policy", policy).header("Cache-Control", "no-store").build();
    }
}
