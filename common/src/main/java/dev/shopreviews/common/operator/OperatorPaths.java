package dev.shopreviews.common.operator;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.Response;

import java.util.function.Supplier;

/**
 * The console API's path rule shared by every service: {@code /operator/api/{service}/…} answers only for its own
 * service name, so a mis-routed call never acts on the wrong database.
 */
public final class OperatorPaths {
    private OperatorPaths() {
    }

    /** Runs {@code work} as {@link Envelope#guarded} when {@code requested} names this service; 404 envelope otherwise. */
    public static Uni<Response> guarded(String thisService, String requested, Supplier<Uni<Response>> work) {
        return Envelope.guarded(() -> {
            if (!thisService.equals(requested)) {
                throw EnvelopeException.notFound("Not found.");
            }
            return work.get();
        });
    }
}
