package io.quarkus.smallrye.openapi.runtime;

import io.quarkus.arc.Unremovable;
import io.quarkus.arc.profile.IfBuildProfile;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import io.quarkus.smallrye.openapi.runtime.filter.AutoSecurityFilter;
import io.smallrye.openapi.runtime.io.Format;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds a service's OpenAPI document on its first request instead of during the start. Quarkus 3.31-3.37 build
 * it eagerly at startup (quarkusio/quarkus#54826; ~0.3 s of the main thread's CPU in a ratings-service start here,
 * fixed upstream by #55538, not in 3.37.x): this replaces the extension's bean and keeps what the recorder hands
 * over until a document is asked for. It lives in the extension's package because the method the recorder calls is
 * package-private, which only one class loader for both can override: the production jar has one, the test and
 * dev modes do not, so there the extension's own bean stays (e2e/docs.test.mjs reads every document through the
 * gateway from production jars). Remove it once the platform has the upstream fix. No service has a filter that
 * must run at startup.
 */
@IfBuildProfile("prod")
@Alternative
@Priority(1)
@ApplicationScoped
@Unremovable
public class DeferredOpenApiDocumentService extends OpenApiDocumentService {
    private record Preparation(AutoSecurityFilter autoSecurityFilter, Map<OpenApiFilter.RunStage, List<String>> filters) {
    }

    private final Map<String, Preparation> pending = new ConcurrentHashMap<>();

    @Override
    void prepareDocument(AutoSecurityFilter autoSecurityFilter, Map<OpenApiFilter.RunStage, List<String>> filters,
                         String documentName) {
        pending.put(documentName, new Preparation(autoSecurityFilter, filters));
    }

    @Override
    public byte[] getDocument(String documentName, Format format) {
        if (!pending.isEmpty()) {
            prepareWaiting(documentName);
        }
        return super.getDocument(documentName, format);
    }

    /** Whether the document named so is still waiting for its first request (tests). */
    public boolean deferred(String documentName) {
        return pending.containsKey(documentName);
    }

    private synchronized void prepareWaiting(String documentName) {
        Preparation preparation = pending.get(documentName);
        if (preparation != null) {
            super.prepareDocument(preparation.autoSecurityFilter(), preparation.filters(), documentName);
            pending.remove(documentName);
        }
    }
}
