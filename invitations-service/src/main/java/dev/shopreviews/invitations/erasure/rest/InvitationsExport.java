package dev.shopreviews.invitations.erasure.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.invitations.consent.repository.OrderConsentRow;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.links.repository.IssuedLink;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The {@code invitations} part of the person's export (docs/privacy.md, Export): everything invitations-service
 * stores about the session's address. Datetimes are ISO-8601 UTC; a review link is shown without its hash.
 */
@JsonPropertyOrder({"status", "message", "email", "invitations", "consents", "opt_outs", "review_links"})
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record InvitationsExport(String status, String message, String email, List<InvitationItem> invitations,
                                List<ConsentItem> consents, OptOuts optOuts, List<ReviewLinkItem> reviewLinks) {
    static final String EXPORTED = "Everything invitations-service stores about this address.";

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record InvitationItem(long webshopId, String email, String orderNumber, String customerName, String language,
                                 String state, int delayDays, List<String> phoneNumbers, BigDecimal orderTotal,
                                 JsonNode products, Instant createdAt, Instant scheduledAt, Instant sentAt) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ConsentItem(long webshopId, String orderNumber, String email, String choice, int inviteDelayDays,
                              Instant recordedAt, Instant confirmedAt) {
    }

    /** The address opted out of every webshop's e-mails, and/or of these webshops'. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OptOuts(boolean everyWebshop, List<Long> webshopIds) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ReviewLinkItem(long webshopId, long invitationId, String language, Instant createdAt,
                                 Instant expiresAt, Instant revokedAt) {
    }

    static InvitationsExport of(String email, List<Invitation> invitations, List<OrderConsentRow> consents,
                                List<Long> optOutWebshops, List<IssuedLink> links, ObjectMapper mapper) {
        return new InvitationsExport(Messages.SUCCESS, EXPORTED, email,
                invitations.stream().map(i -> new InvitationItem(i.webshopId, i.email, i.orderNumber, i.customerName,
                        i.language, i.state.name(), i.delayDays, strings(i.phoneNumbers, mapper), i.orderTotal,
                        json(i.products, mapper), i.createdAt, i.scheduledAt, i.sentAt)).toList(),
                consents.stream().map(c -> new ConsentItem(c.webshopId, c.orderNumber, c.email, c.choice,
                        c.inviteDelayDays, c.recordedAt, c.confirmedAt)).toList(),
                new OptOuts(optOutWebshops.contains(CustomerErased.EVERY_SHOP),
                        optOutWebshops.stream().filter(id -> id != CustomerErased.EVERY_SHOP).toList()),
                links.stream().map(l -> new ReviewLinkItem(l.webshopId, l.invitationId, l.language, l.createdAt,
                        l.expiresAt, l.revokedAt)).toList());
    }

    private static JsonNode json(String text, ObjectMapper mapper) {
        if (text == null) {
            return null;
        }
        try {
            return mapper.readTree(text);
        } catch (Exception e) {
            return mapper.getNodeFactory().textNode(text);
        }
    }

    private static List<String> strings(String jsonArray, ObjectMapper mapper) {
        JsonNode node = json(jsonArray, mapper);
        if (node == null) {
            return List.of();
        }
        if (!node.isArray()) {
            return List.of(node.asText());
        }
        List<String> values = new java.util.ArrayList<>();
        node.forEach(value -> values.add(value.asText()));
        return values;
    }
}
