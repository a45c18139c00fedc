package dev.shopreviews.ratings.imports.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.ratings.imports.service.ReviewImports;

import java.util.List;

/**
 * {@code POST /api/1.0/review_imports.json} (an extension of the spec): the source, how many reviews were stored with
 * their new ids (in the request's order), and the source review ids that were already imported and left unchanged.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "source", "imported", "review_ids", "already_imported"})
public record ImportAnswer(String status, String message, String source, int imported,
                          @JsonProperty("review_ids") List<Long> reviewIds,
                          @JsonProperty("already_imported") List<String> alreadyImported) {
    static ImportAnswer of(ReviewImports.Result result) {
        return new ImportAnswer(Messages.SUCCESS, ReviewImportsResource.SUCCESS, result.source(), result.fresh(),
                result.ids(), result.alreadyImported());
    }
}
