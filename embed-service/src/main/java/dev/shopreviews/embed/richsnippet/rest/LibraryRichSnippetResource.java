package dev.shopreviews.embed.richsnippet.rest;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * {@code GET /shop_rich_snippet.php?id=}: the same rich snippet at the address the platform's public PHP client library
 * (webwinkelkeur/client, {@code Client::getRichSnippet}) asks, with only {@code id}; it also reads {@code result} and
 * {@code content} and wants a Content-Type starting with {@code application/json}.
 */
// Public: the shop library's rich snippet, the shop's published rating.
@PermitAll
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path(LibraryRichSnippetResource.PATH)
public class LibraryRichSnippetResource {
    static final String PATH = "/shop_rich_snippet.php";

    private final RichSnippetResource snippets;

    public LibraryRichSnippetResource(RichSnippetResource snippets) {
        this.snippets = snippets;
    }

    @GET
    @Operation(summary = "The rich snippet at the PHP client library's address (the same answer as /webshops/rich_snippet)")
    public Uni<Response> snippet(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                 @Parameter(description = "as /webshops/rich_snippet's (the library sends none)") @QueryParam("lang") String lang,
                                 @HeaderParam("If-None-Match") String ifNoneMatch) {
        return snippets.snippet(id, lang, ifNoneMatch);
    }
}
