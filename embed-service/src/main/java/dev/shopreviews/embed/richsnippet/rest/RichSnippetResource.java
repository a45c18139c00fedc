package dev.shopreviews.embed.richsnippet.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import dev.shopreviews.embed.richsnippet.service.ShopRatingJsonLd;
import dev.shopreviews.embed.web.Caching;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code GET /webshops/rich_snippet?id=&lang=}: the rich snippet the shop plugins fetch (WooCommerce's {@code Frontend}
 * with {@code lang} from {@code get_locale()}) and print in the shop's pages: the shop's aggregate rating as schema.org
 * JSON-LD ({@link ShopRatingJsonLd}) in {@code content}. Cacheable like the widget (Cache-Control max-age of the cache
 * window, ETag, 304). docs/api-notes.md, "Rich snippet".
 */
// Public: the rich snippet of the shop's published rating (spec: id and language only).
@PermitAll
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path(RichSnippetResource.PATH)
public class RichSnippetResource {
    static final String PATH = "/webshops/rich_snippet";
    static final String EXAMPLE = "{\"result\":\"ok\",\"content\":\"<script type=\\\"application/ld+json\\\">{\\\"@context\\\":"
            + "\\\"https://schema.org\\\",\\\"@type\\\":\\\"Organization\\\",\\\"name\\\":\\\"Example shop\\\",\\\"url\\\":"
            + "\\\"https://shop.example/\\\",\\\"sameAs\\\":\\\"https://reviews.example/shop/1001/nl\\\",\\\"aggregateRating\\\":"
            + "{\\\"@type\\\":\\\"AggregateRating\\\",\\\"ratingValue\\\":4.26,\\\"bestRating\\\":5,\\\"worstRating\\\":1,"
            + "\\\"ratingCount\\\":12,\\\"reviewCount\\\":12}}</script>\"}";

    private final ShopViews views;
    private final EmbedConfig config;
    private final ObjectMapper mapper;

    public RichSnippetResource(ShopViews views, EmbedConfig config, ObjectMapper mapper) {
        this.views = views;
        this.config = config;
        this.mapper = mapper;
    }

    @GET
    @WithSession
    @Operation(summary = "The shop's aggregate rating as schema.org JSON-LD for its own pages (the shop plugins' rich snippet)")
    @APIResponse(responseCode = "200", description = "The snippet (content empty while the shop has no reviews or is deactivated).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RichSnippetAnswer.class),
                    examples = @ExampleObject(name = "snippet", value = EXAMPLE)))
    @APIResponse(responseCode = "400", description = "A missing or malformed id or lang.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = RichSnippetAnswer.class), examples = @ExampleObject(name = "bad id",
            value = "{\"status\":\"error\",\"result\":\"error\",\"message\":\"Invalid value for id: expected a webshop id.\"}")))
    @APIResponse(responseCode = "404", description = "Unknown webshop.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = RichSnippetAnswer.class), examples = @ExampleObject(name = "unknown",
            value = "{\"status\":\"error\",\"result\":\"error\",\"message\":\"Unknown webshop.\"}")))
    public Uni<Response> snippet(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                 @Parameter(description = "language of the shop's page, ISO-639-1 (get_locale()'s first part): the linked "
                                         + "review page's; default the shop's main language") @QueryParam("lang") String lang,
                                 @HeaderParam("If-None-Match") String ifNoneMatch) {
        Optional<Long> webshopId = ShopViews.id(id);
        if (webshopId.isEmpty()) {
            return Uni.createFrom().item(error(400, "Invalid value for id: expected a webshop id."));
        }
        String wanted = lang == null || lang.isBlank() ? null : lang.trim().toLowerCase(Locale.ROOT);
        if (wanted != null && !wanted.matches("[a-z]{2,3}")) {
            return Uni.createFrom().item(error(400, "Invalid value for lang: expected a language code such as nl or en."));
        }
        return views.find(webshopId.get(), 0).map(view -> {
            if (view instanceof ShopView.Shown shown) {
                ShopDisplay shop = shown.display();
                String language = Languages.orEnglish(wanted == null ? shop.shop().mainLanguage() : wanted, shop.shop().languages());
                String page = config.publicBaseUrl().replaceAll("/+$", "") + "/shop/" + shop.id() + "/" + language;
                ShopRatingJsonLd markup = ShopRatingJsonLd.of(shop, page);
                return answer(RichSnippetAnswer.ok(markup == null ? "" : "<script type=\"application/ld+json\">" + json(markup) + "</script>"),
                        config.cacheWindow(), ifNoneMatch);
            }
            if (view instanceof ShopView.Deactivated) {
                return answer(RichSnippetAnswer.ok(""), Duration.ofMinutes(1), ifNoneMatch);
            }
            return error(404, "Unknown webshop.");
        });
    }

    private Response answer(RichSnippetAnswer answer, Duration maxAge, String ifNoneMatch) {
        try {
            return Caching.cached(mapper.writeValueAsString(answer), MediaType.APPLICATION_JSON + ";charset=UTF-8", maxAge, ifNoneMatch);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Response error(int status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8"))
                .header("Cache-Control", "public, max-age=60").entity(RichSnippetAnswer.error(message)).build();
    }

    /** JSON in a data block: no text can end the element ({@code <}, {@code >}, {@code &} as escapes). */
    private String json(ShopRatingJsonLd markup) throws IllegalStateException {
        try {
            return mapper.writeValueAsString(markup).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
