package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.ratings.imports.service.ReviewImports;

import java.util.List;

/**
 * The dashboard's CSV import: {@code dry_run} true answers how many rows would be imported and which were imported
 * before, storing nothing; false stores them ({@code review_ids}).
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "source", "dry_run", "imported", "review_ids", "already_imported"})
public record ImportPreviewAnswer(String status, String message, String source, @JsonProperty("dry_run") boolean dryRun,
                                  int imported, @JsonProperty("review_ids") List<Long> reviewIds,
                                  @JsonProperty("already_imported") List<String> alreadyImported) {
    static final String CHECKED = "Dry run: nothing was imported.";
    static final String IMPORTED = "Reviews imported";

    static ImportPreviewAnswer of(ReviewImports.Result result, boolean dryRun) {
        return new ImportPreviewAnswer(Messages.SUCCESS, dryRun ? CHECKED : IMPORTED, result.source(), dryRun,
                result.fresh(), result.ids(), result.alreadyImported());
    }
}
