package dev.shopreviews.partner.web;

import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.partner.operator.service.HashingSlots;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/** Headers of the JSON answers: Retry-After on the 429 of a full password-hashing queue (it frees within a second). */
public class ApiAnswerHeaders {

    @ServerResponseFilter
    public void retryAfter(ContainerResponseContext response) {
        if (response.getStatus() == 429 && response.getEntity() instanceof StatusMessage body
                && HashingSlots.BUSY.equals(body.message())) {
            response.getHeaders().putSingle("Retry-After", "1");
        }
    }
}
