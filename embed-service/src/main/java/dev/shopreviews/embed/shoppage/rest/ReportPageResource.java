package dev.shopreviews.embed.shoppage.rest;

import dev.shopreviews.common.web.HtmlPage;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.List;
import java.util.Optional;

/**
 * The page a visitor reports a review from ({@code /shop/{id}/reviews/{review}/report}), linked from every review of
 * the public page and the widget: the review, a reason from the fixed list and an optional text, posted as a plain
 * form (no script; the CSP allows forms to this origin) to ratings-service's {@code POST /api/1.0/review_reports.json},
 * which redirects back here with {@code sent=1} for the thanks. Never framed, never cached.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@HtmlPage
// Visitors: the report form of a published review, with its own CSRF token and per-client limits.
@PermitAll
@Path("/shop/{id}/reviews/{review}/report")
public class ReportPageResource {
    /** The reasons ratings-service accepts, in the order the form offers them. */
    static final List<String> REASONS = List.of("spam", "offensive", "illegal", "personal_data", "off_topic", "other");

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(ShopDisplay shop, ShownReview review, String lang, List<String> reasons, boolean sent);
    }

    private final ShopViews views;

    public ReportPageResource(ShopViews views) {
        this.views = views;
    }

    @GET
    @WithSession
    @Operation(summary = "The page to report a review from (HTML), or its thanks with sent=1")
    public Uni<Response> page(@Parameter(description = "webshop id") @PathParam("id") String id,
                              @Parameter(description = "review id") @PathParam("review") String review,
                              @Parameter(description = "language, ISO-639-1; one the webshop has not enabled is shown in English")
                              @QueryParam("lang") String lang,
                              @Parameter(description = "1: the report was sent (the thanks)") @QueryParam("sent") String sent) {
        Optional<Long> webshopId = ShopViews.id(id);
        Optional<Long> reviewId = ShopViews.id(review);
        if (webshopId.isEmpty() || reviewId.isEmpty()) {
            return Uni.createFrom().item(PublicPageResource.unknown());
        }
        String wanted = lang == null ? Languages.FALLBACK : lang.trim().toLowerCase();
        return views.find(webshopId.get(), 0).chain(view -> {
            if (view instanceof ShopView.Deactivated deactivated) {
                return Uni.createFrom().item(PublicPageResource.deactivated(deactivated.shop(), wanted, null));
            }
            if (!(view instanceof ShopView.Shown shown)) {
                return Uni.createFrom().item(PublicPageResource.unknown());
            }
            return ShownReview.<ShownReview>find("reviewId = ?1 and webshopId = ?2 and shown = true", reviewId.get(), webshopId.get())
                    .firstResult().map(found -> found == null ? PublicPageResource.unknown()
                            : render(shown.display(), found, wanted, "1".equals(sent)));
        });
    }

    private static Response render(ShopDisplay shop, ShownReview review, String wanted, boolean sent) {
        String lang = Languages.orEnglish(wanted, shop.shop().languages());
        String html = Templates.page(shop, review, lang, REASONS, sent).setAttribute("locale", Languages.locale(lang)).render();
        return Response.ok(html, MediaType.TEXT_HTML + ";charset=UTF-8").header("Cache-Control", "no-store").build();
    }
}
