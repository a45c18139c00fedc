package dev.shopreviews.partner.webshop.rest;

import dev.shopreviews.common.api.PathErrorBody;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The error body of webshop retrieve (data: []), also for errors found before it runs (QueryParameterGuard). */
@Singleton
public class ErrorBodies {
    @Produces
    @Singleton
    PathErrorBody webshop() {
        return new PathErrorBody("/api/1.0/webshop.json", WebshopError::of);
    }
}
