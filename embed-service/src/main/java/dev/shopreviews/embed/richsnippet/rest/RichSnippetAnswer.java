package dev.shopreviews.embed.richsnippet.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The rich snippet's answer in the form the shop plugins read ({@code json_decode}, then {@code result == 'ok'} and
 * {@code content}): {@code {"result":"ok","content":"<script type=\"application/ld+json\">…</script>"}}; on error
 * {@code {"status":"error","result":"error","message":"…"}} (the service's envelope fields plus {@code result}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"status", "result", "message", "content"})
@Schema(description = "The rich snippet: result ok with the HTML content, or result error with a message")
public record RichSnippetAnswer(
        @Schema(description = "\"error\" on error, absent on success", nullable = true) String status,
        @Schema(description = "ok or error", enumeration = {"ok", "error"}) String result,
        @Schema(description = "What went wrong (errors only)", nullable = true) String message,
        @Schema(description = "HTML to put in the shop's page: a schema.org JSON-LD script element, or empty while the shop has no "
                + "reviews or is deactivated", nullable = true) String content) {

    public static RichSnippetAnswer ok(String content) {
        return new RichSnippetAnswer(null, "ok", null, content);
    }

    public static RichSnippetAnswer error(String message) {
        return new RichSnippetAnswer("error", "error", message, null);
    }
}
