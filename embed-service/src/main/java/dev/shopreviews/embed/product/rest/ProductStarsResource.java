package dev.shopreviews.embed.product.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.web.ContentSecurityPolicy.Framing;
import dev.shopreviews.common.web.ContentSecurityPolicy;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.product.service.ProductJsonLd;
import dev.shopreviews.embed.product.service.ProductKey;
import dev.shopreviews.embed.product.service.ProductKeys;
import dev.shopreviews.embed.product.service.ProductStars;
import dev.shopreviews.embed.product.service.ProductStarsReader;
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
import org.jboss.resteasy.reactive.server.Cancellable;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Product stars for shop pages (an extension of the spec): one product's stars and newest reviews as JSON (with its
 * schema.org JSON-LD) or as an HTML fragment (no JavaScript; JSON-LD inside), an iframe-able widget page, and the
 * stars of up to 48 products for listing pages. Cacheable like the widget (max-age, ETag, 304). An unknown product
 * answers no ratings; bad input a 400 envelope; an unknown webshop 404; a deactivated one no ratings for a minute.
 */
// Public: a product's published stars for the shop's pages.
@PermitAll
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/product/{webshop}")
public class ProductStarsResource {
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance fragment(ProductStars stars, String stars5, String jsonLd, String lang);

        static native TemplateInstance widget(ProductStars stars, String stars5, String jsonLd, String lang);
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"status", "message", "product", "stars", "json_ld"})
    public record OneAnswer(String status, String message, Map<String, String> product, ProductStars stars, ProductJsonLd jsonLd) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"status", "message", "products"})
    public record BatchAnswer(String status, String message, List<BatchItem> products) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"product", "rating_count", "rating_average"})
    public record BatchItem(Map<String, String> product, long ratingCount, BigDecimal ratingAverage) {
    }

    private final ShopViews views;
    private final ProductStarsReader reader;
    private final EmbedConfig config;
    private final ObjectMapper mapper;

    public ProductStarsResource(ShopViews views, ProductStarsReader reader, EmbedConfig config, ObjectMapper mapper) {
        this.views = views;
        this.reader = reader;
        this.config = config;
        this.mapper = mapper;
    }

    @GET
    @Path("stars.json")
    @WithSession
    @Operation(summary = "One product's stars, newest reviews and schema.org JSON-LD (by sku, gtin or product_id)")
    public Uni<Response> json(@PathParam("webshop") String webshop, @QueryParam("sku") List<String> skus,
                              @QueryParam("gtin") List<String> gtins, @QueryParam("product_id") List<String> ids,
                              @HeaderParam("If-None-Match") String ifNoneMatch) {
        return one(webshop, skus, gtins, ids, ifNoneMatch, MediaType.APPLICATION_JSON,
                stars -> write(new OneAnswer("success", "Product reviews retrieved.", Map.of(stars.product().kind().parameter,
                        stars.product().value()), stars, ProductJsonLd.of(stars))));
    }

    @GET
    @Path("stars.html")
    @WithSession
    @Operation(summary = "One product's stars and newest reviews as an HTML fragment with JSON-LD, for the shop's page")
    public Uni<Response> fragment(@PathParam("webshop") String webshop, @QueryParam("sku") List<String> skus,
                                  @QueryParam("gtin") List<String> gtins, @QueryParam("product_id") List<String> ids,
                                  @QueryParam("language") String language, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return one(webshop, skus, gtins, ids, ifNoneMatch, MediaType.TEXT_HTML + ";charset=UTF-8",
                stars -> render(Templates.fragment(stars, fiveStars(stars), jsonLd(stars), lang(language)), language));
    }

    @GET
    @Path("widget.html")
    @WithSession
    @Operation(summary = "The product-reviews widget: one product's stars and reviews as a page for an iframe")
    public Uni<Response> widget(@PathParam("webshop") String webshop, @QueryParam("sku") List<String> skus,
                                @QueryParam("gtin") List<String> gtins, @QueryParam("product_id") List<String> ids,
                                @QueryParam("language") String language, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return one(webshop, skus, gtins, ids, ifNoneMatch, MediaType.TEXT_HTML + ";charset=UTF-8",
                stars -> render(Templates.widget(stars, fiveStars(stars), jsonLd(stars), lang(language)), language))
                .map(response -> response.getStatus() >= 400 ? response : Response.fromResponse(response)
                        .header("Referrer-Policy", "strict-origin-when-cross-origin").build());
    }

    @GET
    @Path("stars-batch.json")
    @WithSession
    @Operation(summary = "Stars of up to 48 products (sku, gtin, product_id repeated) for a listing page")
    public Uni<Response> batch(@PathParam("webshop") String webshop, @QueryParam("sku") List<String> skus,
                               @QueryParam("gtin") List<String> gtins, @QueryParam("product_id") List<String> ids,
                               @HeaderParam("If-None-Match") String ifNoneMatch) {
        return Envelope.guarded(() -> {
            List<ProductKey> keys;
            try {
                keys = ProductKeys.batch(skus, gtins, ids);
            } catch (ProductKey.Invalid e) {
                return Uni.createFrom().item(Envelope.error(400, e.getMessage()));
            }
            Long id = ShopViews.id(webshop).orElse(null);
            if (id == null) {
                return Uni.createFrom().item(Envelope.error(404, "Unknown webshop."));
            }
            return views.find(id, 0).chain(view -> {
                if (view instanceof ShopView.Unknown) {
                    return Uni.createFrom().item(Envelope.error(404, "Unknown webshop."));
                }
                Uni<List<ProductStarsReader.Stars>> stars = view instanceof ShopView.Shown ? reader.batch(id, keys)
                        : Uni.createFrom().item(keys.stream().map(k -> new ProductStarsReader.Stars(k, 0, BigDecimal.ZERO.setScale(2))).toList());
                return stars.map(list -> Caching.cached(write(new BatchAnswer("success", "Product stars retrieved.",
                                list.stream().map(s -> new BatchItem(Map.of(s.product().kind().parameter, s.product().value()),
                                        s.ratingCount(), s.ratingAverage())).toList())),
                        MediaType.APPLICATION_JSON, maxAge(view), ifNoneMatch));
            });
        });
    }

    private Uni<Response> one(String webshop, List<String> skus, List<String> gtins, List<String> ids, String ifNoneMatch,
                              String mediaType, Function<ProductStars, String> body) {
        return Envelope.guarded(() -> {
            ProductKey key;
            try {
                key = ProductKeys.one(skus, gtins, ids);
            } catch (ProductKey.Invalid e) {
                return Uni.createFrom().item(Envelope.error(400, e.getMessage()));
            }
            Long id = ShopViews.id(webshop).orElse(null);
            if (id == null) {
                return Uni.createFrom().item(Envelope.error(404, "Unknown webshop."));
            }
            return views.find(id, 0).chain(view -> {
                if (view instanceof ShopView.Unknown) {
                    return Uni.createFrom().item(Envelope.error(404, "Unknown webshop."));
                }
                Uni<ProductStars> stars = view instanceof ShopView.Shown ? reader.one(id, key)
                        : Uni.createFrom().item(ProductStars.none(key));
                return stars.map(found -> {
                    String text = body.apply(found);
                    Response cached = Caching.cached(text, mediaType, maxAge(view), ifNoneMatch);
                    return mediaType.startsWith(MediaType.TEXT_HTML) && cached.getStatus() == 200
                            ? Response.fromResponse(cached).header("Content-Security-Policy",
                            ContentSecurityPolicy.of(text, Framing.ANY_PAGE, null)).build() : cached;
                });
            });
        });
    }

    // a deactivated shop's empty answer is kept a minute only, so that a reactivation shows soon
    private Duration maxAge(ShopView view) {
        return view instanceof ShopView.Shown ? config.cacheWindow() : Duration.ofMinutes(1);
    }

    private static String render(TemplateInstance template, String language) {
        return template.setAttribute("locale", Languages.locale(lang(language))).render();
    }

    private static String lang(String language) {
        return Languages.orEnglish(language, Languages.SUPPORTED);
    }

    private static String fiveStars(ProductStars stars) {
        int full = stars.stars();
        return "\u2605\u2605\u2605\u2605\u2605".substring(0, full) + "\u2606\u2606\u2606\u2606\u2606".substring(full);
    }

    /** The JSON-LD as script content: {@code <}, {@code >} and {@code &} escaped, so no text can end the element. */
    private String jsonLd(ProductStars stars) {
        ProductJsonLd markup = ProductJsonLd.of(stars);
        return markup == null ? null : write(markup).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }

    private String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("product stars cannot be written as JSON", e);
        }
    }
}
