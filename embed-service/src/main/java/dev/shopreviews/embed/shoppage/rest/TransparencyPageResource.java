package dev.shopreviews.embed.shoppage.rest;

import dev.shopreviews.common.web.ContentSecurityPolicy;
import dev.shopreviews.common.web.HtmlPage;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
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
 * The webshop's transparency statement ({@code /shop/{id}/transparency}, docs/privacy.md): how its reviews are
 * collected, verified and moderated, in the page's language and rendered here, and the figures of the last 12 months,
 * which a small inline script (allowed by its hash, common ContentSecurityPolicy) reads from ratings-service's
 * {@code /api/1.0/transparency.json} through the same gateway; a {@code <noscript>} link points to that JSON. The
 * policy adds {@code connect-src 'self'} for that one request. Unknown or inactive shop: the public page's 404.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@HtmlPage
// Public: the shop's transparency page.
@PermitAll
@Path("/shop/{id}/transparency")
public class TransparencyPageResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(ShopDisplay shop, String lang, String publicPage);
    }

    private final ShopViews views;
    private final EmbedConfig config;

    public TransparencyPageResource(ShopViews views, EmbedConfig config) {
        this.views = views;
        this.config = config;
    }

    @GET
    @WithSession
    @Operation(summary = "The webshop's transparency statement: how reviews are collected, verified and moderated (HTML)")
    public Uni<Response> page(@Parameter(description = "webshop id") @PathParam("id") String id,
                              @Parameter(description = "language, ISO-639-1 (nl, en, de, fr, es, it) or ISO-639-3 as the widget's; "
                                      + "default the webshop's main language; one the webshop has not enabled is shown in English")
                              @QueryParam("lang") String lang,
                              @HeaderParam("If-None-Match") String ifNoneMatch) {
        Optional<Long> webshopId = ShopViews.id(id);
        if (webshopId.isEmpty()) {
            return Uni.createFrom().item(PublicPageResource.unknown());
        }
        return views.find(webshopId.get(), 0).map(view -> {
            if (view instanceof ShopView.Deactivated deactivated) {
                return PublicPageResource.deactivated(deactivated.shop(),
                        wanted(lang, deactivated.shop().mainLanguage()), ifNoneMatch);
            }
            if (!(view instanceof ShopView.Shown found)) {
                return PublicPageResource.unknown();
            }
            ShopDisplay s = found.display();
            String shown = Languages.orEnglish(wanted(lang, s.shop().mainLanguage()), s.shop().languages());
            String html = Templates.page(s, shown, "/shop/" + s.id() + "/" + shown)
                    .setAttribute("locale", Languages.locale(shown)).render();
            return Response.fromResponse(Caching.cached(html, MediaType.TEXT_HTML + ";charset=UTF-8", config.cacheWindow(), ifNoneMatch))
                    // the helper's policy, plus the one same-origin request of the page's script (the figures)
                    .header("Content-Security-Policy", ContentSecurityPolicy.of(html, ContentSecurityPolicy.Framing.NOBODY, null)
                            + "; connect-src 'self'")
                    .build();
        });
    }

    /** ISO-639-1 as given, ISO-639-3 mapped like the widget's {@code language}, nothing: the shop's main language. */
    private static String wanted(String lang, String main) {
        if (lang == null || lang.isBlank()) {
            return main == null ? Languages.FALLBACK : main;
        }
        String value = lang.trim().toLowerCase();
        return value.length() == 3 ? Languages.fromIso3(value).orElse(Languages.FALLBACK) : value;
    }
}
