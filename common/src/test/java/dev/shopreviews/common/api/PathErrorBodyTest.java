package dev.shopreviews.common.api;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PathErrorBodyTest {
    @Test
    void aTemplateMatchesOneSegmentAndTheRestOfThePathLiterally() {
        PathErrorBody deliveries = new PathErrorBody("/api/1.0/webhooks/{webhookId}/deliveries.json", ErrorBody.PLAIN);
        assertTrue(deliveries.matches("/api/1.0/webhooks/42/deliveries.json"));
        assertFalse(deliveries.matches("/api/1.0/webhooks/42/7/deliveries.json"), "one segment only");
        assertFalse(deliveries.matches("/api/1x0/webhooks/42/deliveries.json"), "the dot is literal");
        assertTrue(new PathErrorBody("/api/1.0/ratings.json", ErrorBody.PLAIN).matches("/api/1.0/ratings.json"));
        assertFalse(new PathErrorBody("/api/1.0/ratings.json", ErrorBody.PLAIN).matches("/api/1.0/ratings.jsonx"));
    }

    @Test
    void aPathWithoutADeclaredBodyGetsStatusAndMessage() {
        ErrorBody list = message -> "list:" + message;
        ErrorBodiesByPath bodies = new ErrorBodiesByPath(List.of(new PathErrorBody("/api/1.0/webhooks/list.json", list)));
        assertEquals("list:x", bodies.of("/api/1.0/webhooks/list.json").of("x"));
        assertEquals(ErrorBody.PLAIN, bodies.of("/api/1.0/webhook.json"));
    }
}
