package dev.shopreviews.embed.shoppage.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.web.HtmlPage;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import dev.shopreviews.embed.shoppage.service.ReviewJsonLd;
import dev.shopreviews.embed.web.Caching;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.Optional;

/**
 * One review's page ({@code /shop/{id}/reviews/{review}}), the {@code review_url} of ratings-service's product review
 * feed: the review in the shop's main language (or {@code ?lang=}, one of the six the shop enabled, else English), with
 * schema.org {@code Review} JSON-LD and {@code <link rel="canonical">} (the address without {@code lang}). A review
 * that is not public (held, quarantined, deleted, erased) answers a {@code noindex} notice without any of its content,
 * a hidden one its moderators' notice, {@code noindex} and no markup; another shop's review or an unknown one the 404
 * page. Cacheable like the public page.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@HtmlPage
// Public: one published review's page.
@PermitAll
@Path("/shop/{id}/reviews/{review}")
public class ReviewPageResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(ShopDisplay shop, ShownReview review, boolean visible, String canonical,
                                            String jsonLd, String lang);
    }

    private final ShopViews views;
    private final EmbedConfig config;
    private final ObjectMapper mapper;

    public ReviewPageResource(ShopViews views, EmbedConfig config, ObjectMapper mapper) {
        this.views = views;
        this.config = config;
        this.mapper = mapper;
    }

    @GET
    @WithSession
    @Operation(summary = "One review's page (HTML) with schema.org Review markup: the review_url of the product review feed")
    public Uni<Response> page(@Parameter(description = "webshop id") @PathParam("id") String id,
                              @Parameter(description = "review id") @PathParam("review") String review,
                              @Parameter(description = "language, ISO-639-1; default the webshop's main language; one the webshop "
                                      + "has not enabled is shown in English") @QueryParam("lang") String lang,
                              @HeaderParam("If-None-Match") String ifNoneMatch) {
        Optional<Long> webshopId = ShopViews.id(id);
        Optional<Long> reviewId = ShopViews.id(review);
        if (webshopId.isEmpty() || reviewId.isEmpty()) {
            return Uni.createFrom().item(PublicPageResource.unknown());
        }
        return views.find(webshopId.get(), 0).chain(view -> {
            String main = view instanceof ShopView.Shown s ? s.display().shop().mainLanguage()
                    : view instanceof ShopView.Deactivated d ? d.shop().mainLanguage() : null;
            String wanted = lang != null ? lang.trim().toLowerCase() : main;
            if (view instanceof ShopView.Deactivated deactivated) {
                return Uni.createFrom().item(PublicPageResource.deactivated(deactivated.shop(), wanted, ifNoneMatch));
            }
            if (!(view instanceof ShopView.Shown shown)) {
                return Uni.createFrom().item(PublicPageResource.unknown());
            }
            return ShownReview.<ShownReview>find("reviewId = ?1 and webshopId = ?2", reviewId.get(), webshopId.get())
                    .firstResult().map(found -> found == null ? PublicPageResource.unknown()
                            : render(shown.display(), found, wanted, ifNoneMatch));
        });
    }

    private Response render(ShopDisplay shop, ShownReview review, String wanted, String ifNoneMatch) {
        String lang = Languages.orEnglish(wanted, shop.shop().languages());
        String canonical = config.publicBaseUrl().replaceAll("/+$", "") + "/shop/" + shop.id() + "/reviews/" + review.reviewId;
        boolean visible = review.shown;
        String jsonLd = visible && review.hiddenReason == null
                ? json(ReviewJsonLd.of(shop.shop(), shop.url(), shop.logo(), review, canonical)) : null;
        String html = Templates.page(shop, review, visible, canonical, jsonLd, lang).setAttribute("locale", Languages.locale(lang)).render();
        return Caching.cached(html, MediaType.TEXT_HTML + ";charset=UTF-8", config.cacheWindow(), ifNoneMatch);
    }

    /** JSON in a data block: no text can end the element ({@code <}, {@code >}, {@code &} as escapes). */
    private String json(ReviewJsonLd markup) {
        try {
            return mapper.writeValueAsString(markup).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
