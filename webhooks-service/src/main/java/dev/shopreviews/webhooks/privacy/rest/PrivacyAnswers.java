package dev.shopreviews.webhooks.privacy.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.webhooks.privacy.repository.ExportedDelivery;

import java.util.List;

/** Response bodies of the privacy page's part of this service. */
public final class PrivacyAnswers {
    private PrivacyAnswers() {
    }

    @JsonPropertyOrder({"status", "message", "deliveries"})
    public record WebhooksExport(String status, String message, List<ExportedDelivery> deliveries) {
        static WebhooksExport of(List<ExportedDelivery> deliveries) {
            return new WebhooksExport(Messages.SUCCESS, PrivacyExportResource.EXPORTED, deliveries);
        }
    }
}
