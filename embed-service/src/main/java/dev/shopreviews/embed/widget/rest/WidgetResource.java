package dev.shopreviews.embed.widget.rest;

import dev.shopreviews.common.web.ContentSecurityPolicy.Framing;
import dev.shopreviews.common.web.ContentSecurityPolicy;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import dev.shopreviews.embed.web.Caching;
import dev.shopreviews.embed.widget.service.WidgetParams;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Duration;
import java.util.List;

/**
 * Spec 4.15: {@code GET /webshops/widget_html}, the iframe content. Invalid parameters answer 400 text/plain with a
 * readable message; an unknown webshop 404; a deactivated one 200 with a short notice that its reviews are
 * unavailable. A language not enabled for the webshop falls back to English.
 * Cacheable (Cache-Control max-age of the 10-minute window, ETag, 304).
 */
// Public: the widget's HTML of the shop's published reviews.
@PermitAll
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/webshops/widget_html")
public class WidgetResource {
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance widget(WidgetParams p, ShopDisplay shop, List<ShownReview> reviews, String page, String transparency,
                                              String stars, String lang, String reports);

        static native TemplateInstance deactivated(WidgetParams p, String name, String lang);
    }

    private final ShopViews views;
    private final EmbedConfig config;

    public WidgetResource(ShopViews views, EmbedConfig config) {
        this.views = views;
        this.config = config;
    }

    @GET
    @WithSession
    @Operation(summary = "The embeddable review widget (HTML for an iframe; parameter problems as one line of text/plain)")
    public Uni<Response> widget(@QueryParam("id") String id, @QueryParam("layout") String layout, @QueryParam("theme") String theme,
                                @QueryParam("color") String color, @QueryParam("show") String show, @QueryParam("view") String view,
                                @QueryParam("amount") String amount, @QueryParam("width") String width,
                                @QueryParam("width_amount") String widthAmount, @QueryParam("height") String height,
                                @QueryParam("interval") String interval, @QueryParam("language") String language,
                                @QueryParam("css") String css, @HeaderParam("If-None-Match") String ifNoneMatch) {
        WidgetParams params;
        try {
            params = WidgetParams.parse(new WidgetParams.Query(id, layout, theme, color, show, view, amount, width, widthAmount,
                    height, interval, language, css));
        } catch (WidgetParams.Invalid e) {
            return Uni.createFrom().item(text(400, e.getMessage()));
        }
        WidgetParams p = params;
        return views.find(p.id(), 6).map(found -> {
            if (found instanceof ShopView.Shown shown) {
                return html(widget(p, shown.display()), config.cacheWindow(), ifNoneMatch);
            }
            if (found instanceof ShopView.Deactivated deactivated) {
                // the iframe stays on the shop's pages: it says why there is nothing to show instead of breaking
                String lang = Languages.orEnglish(p.language(), deactivated.shop().languages());
                return html(Templates.deactivated(p, deactivated.shop().name(), lang)
                        .setAttribute("locale", Languages.locale(lang)).render(), Duration.ofMinutes(1), ifNoneMatch);
            }
            return text(404, "Unknown webshop.");
        });
    }

    private String widget(WidgetParams p, ShopDisplay shop) {
        String lang = Languages.orEnglish(p.language(), shop.shop().languages());
        List<ShownReview> reviews = shop.reviews().subList(0, Math.min(p.amount(), shop.reviews().size()));
        return Templates.widget(p, shop, reviews, base() + "/shop/" + shop.id() + "/" + lang,
                        base() + "/shop/" + shop.id() + "/transparency?lang=" + lang,
                        "\u2605\u2605\u2605\u2605\u2605".substring(0, shop.stars()) + "\u2606\u2606\u2606\u2606\u2606".substring(shop.stars()), lang,
                        base() + "/shop/" + shop.id() + "/reviews/")
                .setAttribute("locale", Languages.locale(lang)).render();
    }

    // a deactivated shop's notice is kept a minute only, so that a reactivation shows soon
    private static Response html(String html, Duration maxAge, String ifNoneMatch) {
        return Response.fromResponse(Caching.cached(html, MediaType.TEXT_HTML + ";charset=UTF-8", maxAge, ifNoneMatch))
                .header("Content-Security-Policy", ContentSecurityPolicy.of(html, Framing.ANY_PAGE, "https:"))
                .header("Referrer-Policy", "strict-origin-when-cross-origin").build();
    }

    static Response text(int status, String message) {
        return Response.status(status).type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8")).entity(message + "\n").build();
    }

    private String base() {
        String base = config.publicBaseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
