package dev.shopreviews.invitations.optout.rest;

import dev.shopreviews.invitations.optout.service.OptOuts;
import dev.shopreviews.invitations.sending.mail.MailLanguages;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The opt-out link of the invitation e-mails ({@code /invitations/optout?token=}): records the opt-out and shows a
 * small confirmation page in the e-mail's language. A forged or damaged token gets a 400 page and changes nothing.
 */
// Not cancelled when the client hangs up: see README, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/invitations/optout")
public class OptOutResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance optedOut(String email, String shopName);

        static native TemplateInstance invalidLink();
    }

    private final OptOuts optOuts;

    public OptOutResource(OptOuts optOuts) {
        this.optOuts = optOuts;
    }

    @GET
    @WithTransaction
    public Uni<Response> optOut(@QueryParam("token") String token) {
        return optOuts.optOut(token).map(done -> done
                .map(d -> page(200, Templates.optedOut(d.link().email(), d.shopName()), d.link().language()))
                .orElseGet(() -> page(400, Templates.invalidLink(), MailLanguages.FALLBACK)));
    }

    private static Response page(int status, TemplateInstance page, String language) {
        String html = page.setAttribute("locale", MailLanguages.locale(language)).render();
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html).build();
    }
}
