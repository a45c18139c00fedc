package dev.shopreviews.embed.shoppage.rest;

import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.common.web.HtmlPage;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import dev.shopreviews.embed.shoppage.service.ReviewPaging;
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
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The webshop's public review page per language ({@code /shop/{id}/{iso}}, the {@code page} and
 * {@code languages[].url} that partner-service publishes): name, average, count and ALL its shown reviews, escaped,
 * a page at a time ({@code ?page=&rating=&language=}, {@code rel="prev"/"next"}). No schema.org rating markup: an
 * AggregateRating of a shop on its own review page is self-serving (product pages have theirs, {@code product/}).
 * A language the webshop has not enabled is shown in English; a filter value that is none of the allowed the 404 page.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@HtmlPage
// Public: the shop's public review page.
@PermitAll
@Path("/shop/{id}/{iso}")
public class PublicPageResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(ShopDisplay shop, List<ShownReview> reviews, ReviewPaging paging, String lang);

        static native TemplateInstance unknown(String lang);

        static native TemplateInstance deactivated(String name, String lang);
    }

    private final ShopViews views;
    private final EmbedConfig config;

    public PublicPageResource(ShopViews views, EmbedConfig config) {
        this.views = views;
        this.config = config;
    }

    @GET
    @WithSession
    @Operation(summary = "The webshop's public review page in one language (HTML)")
    public Uni<Response> page(@PathParam("id") String id, @PathParam("iso") String iso, @QueryParam("page") String page,
                              @QueryParam("rating") String rating, @QueryParam("language") String language,
                              @HeaderParam("If-None-Match") String ifNoneMatch) {
        Optional<Long> webshopId = ShopViews.id(id);
        String wanted = iso == null ? "" : iso.toLowerCase();
        if (webshopId.isEmpty() || !wanted.matches("[a-z]{2}")) {
            return Uni.createFrom().item(unknown());
        }
        Optional<ReviewPaging> asked = ReviewPaging.parse(page, rating, language, config.pageReviews(),
                "/shop/" + webshopId.get() + "/" + wanted);
        if (asked.isEmpty()) {
            return Uni.createFrom().item(unknown());
        }
        ReviewPaging filters = asked.get();
        long shop = webshopId.get();
        return views.find(shop, 0).chain(view -> {
            if (view instanceof ShopView.Shown shown) {
                return ShownReview.filteredCount(shop, filters.rating(), filters.language()).map(filters::withTotal)
                        .chain(paging -> !paging.exists() ? Uni.createFrom().item(unknown())
                                : ShownReview.page(shop, paging.rating(), paging.language(), paging.offset(), paging.size())
                                .map(reviews -> shown(shown.display(), reviews, paging, wanted, ifNoneMatch)));
            }
            return Uni.createFrom().item(view instanceof ShopView.Deactivated deactivated
                    ? deactivated(deactivated.shop(), wanted, ifNoneMatch) : unknown());
        });
    }

    private Response shown(ShopDisplay s, List<ShownReview> reviews, ReviewPaging paging, String wanted, String ifNoneMatch) {
        String lang = Languages.orEnglish(wanted, s.shop().languages());
        String html = Templates.page(s, reviews, paging, lang).setAttribute("locale", Languages.locale(lang)).render();
        return Caching.cached(html, MediaType.TEXT_HTML + ";charset=UTF-8", config.cacheWindow(), ifNoneMatch);
    }

    /**
     * The page of a deactivated webshop (also the transparency page's): its name and that its reviews are not
     * available, 200 (the shop can come back; noindex keeps the notice out of search results).
     */
    static Response deactivated(WebshopSnapshot shop, String wanted, String ifNoneMatch) {
        String lang = Languages.orEnglish(wanted, shop.languages());
        String html = Templates.deactivated(shop.name(), lang).setAttribute("locale", Languages.locale(lang)).render();
        return Caching.cached(html, MediaType.TEXT_HTML + ";charset=UTF-8", Duration.ofMinutes(1), ifNoneMatch);
    }

    /** The 404 page of an unknown webshop (also the transparency page's). */
    static Response unknown() {
        String html = Templates.unknown(Languages.FALLBACK).setAttribute("locale", Languages.locale(Languages.FALLBACK)).render();
        return Response.status(404).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html).build();
    }
}
