package dev.shopreviews.partner.webshop.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.service.PublicPages;
import dev.shopreviews.partner.webshop.service.WebshopCredentials;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.5: retrieve webshop. */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/webshop.json")
@Produces(MediaType.APPLICATION_JSON)
public class WebshopResource {
    static final String SUCCESS = "Webshop details successfully retrieved!";

    private final WebshopCredentials credentials;
    private final PublicPages pages;

    public WebshopResource(WebshopCredentials credentials, PublicPages pages) {
        this.credentials = credentials;
        this.pages = pages;
    }

    @GET
    @WithSession
    public Uni<Response> retrieve(@QueryParam("id") String id, @QueryParam("code") String code) {
        return Envelope.guard(credentials.authenticate(id, code)
                        .map(shop -> Envelope.success(SUCCESS, Map.of("data", details(shop)))),
                Map.of("data", List.of()));
    }

    private Map<String, Object> details(Webshop shop) {
        Map<String, Object> address = new LinkedHashMap<>();
        address.put("street", nullToEmpty(shop.street));
        address.put("housenumber", nullToEmpty(shop.housenumber));
        address.put("postalcode", nullToEmpty(shop.postalcode));
        address.put("city", nullToEmpty(shop.city));
        address.put("country", nullToEmpty(shop.country));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("name", shop.name);
        data.put("address", address);
        data.put("logo", nullToEmpty(shop.logo));
        data.put("languages", shop.languageList().stream().map(iso -> language(shop, iso)).toList());
        return data;
    }

    private Map<String, Object> language(Webshop shop, String iso) {
        boolean main = iso.equals(shop.mainLanguage);
        Map<String, Object> language = new LinkedHashMap<>();
        language.put("name", PublicPages.languageName(iso));
        language.put("url", pages.page(shop.id, iso));
        language.put("iso", iso);
        // "all": this page lists the reviews in all languages; the main-language page does, the others filter.
        language.put("all", main);
        language.put("main", main);
        return language;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
