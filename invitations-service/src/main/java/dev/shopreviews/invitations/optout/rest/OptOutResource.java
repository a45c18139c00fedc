package dev.shopreviews.invitations.optout.rest;

import dev.shopreviews.invitations.optout.service.OptOuts;
import dev.shopreviews.invitations.optout.service.OptOuts.Subscriber;
import dev.shopreviews.invitations.sending.mail.MailLanguages;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import dev.shopreviews.common.web.HtmlPage;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.Operation;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.Optional;

/**
 * The opt-out link of the invitation e-mails ({@code /invitations/optout?ref=}). Opening it changes nothing (mail
 * scanners open every link): GET shows a confirmation with a button, and the POST of that button, or a mail client's
 * one-click POST to the same address (RFC 8058, header List-Unsubscribe-Post), records the opt-out. An unknown or
 * damaged link gets a 400 page and changes nothing.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@HtmlPage
@Path("/invitations/optout")
// Public: the mailed opt-out link; its ref and signed token are the credential, checked in the endpoint.
@PermitAll
public class OptOutResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance confirm(String email, String shopName, String ref, String token);

        static native TemplateInstance optedOut(String email, String shopName);

        static native TemplateInstance invalidLink();
    }

    private final OptOuts optOuts;

    public OptOutResource(OptOuts optOuts) {
        this.optOuts = optOuts;
    }

    @GET
    @WithSession
    @Operation(summary = "Opt-out confirmation page of an invitation e-mail's link (HTML; changes nothing)")
    public Uni<Response> confirm(@QueryParam("ref") String ref, @QueryParam("token") String token) {
        return optOuts.find(ref, token).map(found -> page(found,
                s -> Templates.confirm(s.email(), s.shopName(), ref, ref == null ? token : null)));
    }

    /** The confirmation page's button (form fields) or a one-click POST to the link itself (query). */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @WithTransaction
    @Operation(summary = "Opt out: the confirmation page's button or a one-click POST (RFC 8058); answers a page")
    public Uni<Response> optOut(@FormParam("ref") String formRef, @FormParam("token") String formToken,
                                @QueryParam("ref") String ref, @QueryParam("token") String token) {
        String reference = formRef != null ? formRef : ref;
        return optOuts.optOut(reference, reference != null ? null : formToken != null ? formToken : token)
                .map(done -> page(done, s -> Templates.optedOut(s.email(), s.shopName())));
    }

    /** RFC 8058 allows the one-click POST as multipart/form-data too; the reference is in the link's query. */
    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @WithTransaction
    @Operation(summary = "Opt out: a one-click POST (RFC 8058) as multipart/form-data; answers a page")
    public Uni<Response> optOutMultipart(@QueryParam("ref") String ref, @QueryParam("token") String token) {
        return optOuts.optOut(ref, ref != null ? null : token)
                .map(done -> page(done, s -> Templates.optedOut(s.email(), s.shopName())));
    }

    private static Response page(Optional<Subscriber> subscriber, java.util.function.Function<Subscriber, TemplateInstance> shown) {
        return subscriber.map(s -> page(200, shown.apply(s), s.language()))
                .orElseGet(() -> page(400, Templates.invalidLink(), MailLanguages.FALLBACK));
    }

    private static Response page(int status, TemplateInstance page, String language) {
        String html = page.setAttribute("locale", MailLanguages.locale(language)).render();
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html)
                .header("Cache-Control", "no-store").build();
    }
}
