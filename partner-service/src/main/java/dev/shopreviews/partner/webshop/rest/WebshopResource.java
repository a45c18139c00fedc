package dev.shopreviews.partner.webshop.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import dev.shopreviews.partner.webshop.service.PublicPages;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.5: retrieve webshop. The id and API code are checked by common security against partner-service's own
 * webshops (OwnWebshopIdentities); its refusals answer in this endpoint's error body (ErrorBodies).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.SHOP)
@Path("/api/1.0/webshop.json")
@Produces(MediaType.APPLICATION_JSON)
public class WebshopResource {
    static final String SUCCESS = "Webshop details successfully retrieved!";

    private final SecurityIdentity identity;
    private final WebshopRepository webshops;
    private final PublicPages pages;

    public WebshopResource(SecurityIdentity identity, WebshopRepository webshops, PublicPages pages) {
        this.identity = identity;
        this.webshops = webshops;
        this.pages = pages;
    }

    static final String EXAMPLE = "{\"status\":\"success\",\"message\":\"Webshop details successfully retrieved!\",\"data\":{\"name\":\"Example shop\",\"address\":{\"street\":\"Kerkstraat\",\"housenumber\":\"12\",\"postalcode\":\"1017 GC\",\"city\":\"Amsterdam\",\"country\":\"Netherlands\"},\"logo\":\"https://shop.example/logo.png\",\"languages\":[{\"name\":\"Nederlands\",\"url\":\"https://reviews.example/shop/1001/nl\",\"iso\":\"nl\",\"all\":true,\"main\":true},{\"name\":\"English\",\"url\":\"https://reviews.example/shop/1001/en\",\"iso\":\"en\",\"all\":false,\"main\":false}]}}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\",\"data\":[]}";

    @GET
    @Operation(summary = "Retrieve the webshop's name, address, logo and review pages per language (spec 4.5)")
    @APIResponse(responseCode = "200", description = "The webshop's details.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WebshopDetails.class),
            examples = @ExampleObject(name = "two languages", value = EXAMPLE)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WebshopError.class),
            examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "400", description = "id or code missing.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WebshopError.class)))
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id", schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> retrieve() {
        long id = Callers.shop(identity).id;
        return Envelope.guard(Panache.withSession(() -> webshops.findById(id)).map(shop -> {
            if (shop == null) {
                throw EnvelopeException.incorrectCredentials();
            }
            return Envelope.ok(WebshopDetails.of(details(shop)));
        }), WebshopError::of);
    }

    private WebshopDetails.Data details(Webshop shop) {
        return new WebshopDetails.Data(shop.name, new WebshopDetails.Address(nullToEmpty(shop.street),
                nullToEmpty(shop.housenumber), nullToEmpty(shop.postalcode), nullToEmpty(shop.city), nullToEmpty(shop.country)),
                nullToEmpty(shop.logo), shop.languageList().stream().map(iso -> language(shop, iso)).toList());
    }

    private WebshopDetails.Language language(Webshop shop, String iso) {
        boolean main = iso.equals(shop.mainLanguage);
        // "all": this page lists the reviews in all languages; the main-language page does, the others filter.
        return new WebshopDetails.Language(PublicPages.languageName(iso), pages.page(shop.id, iso), iso, main, main);
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
