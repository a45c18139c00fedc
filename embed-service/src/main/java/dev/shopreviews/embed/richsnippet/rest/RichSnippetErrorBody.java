package dev.shopreviews.embed.richsnippet.rest;

import dev.shopreviews.common.api.PathErrorBody;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The rich snippet's errors found before it runs (common QueryParameterGuard) carry {@code result: error} too. */
@Singleton
public class RichSnippetErrorBody {
    @Produces
    @Singleton
    PathErrorBody richSnippet() {
        return new PathErrorBody(RichSnippetResource.PATH, RichSnippetAnswer::error);
    }

    @Produces
    @Singleton
    PathErrorBody libraryRichSnippet() {
        return new PathErrorBody(LibraryRichSnippetResource.PATH, RichSnippetAnswer::error);
    }
}
