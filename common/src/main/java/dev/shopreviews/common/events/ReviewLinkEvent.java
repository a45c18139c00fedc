package dev.shopreviews.common.events;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What topic {@code review-links} carries: a link issued or all links of an invitation revoked, told by {@code type}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "type", visible = true)
@JsonSubTypes({
        @JsonSubTypes.Type(value = ReviewLinkIssued.class, name = ReviewLinkIssued.TYPE),
        @JsonSubTypes.Type(value = ReviewLinkRevoked.class, name = ReviewLinkRevoked.TYPE)})
public sealed interface ReviewLinkEvent extends Event permits ReviewLinkIssued, ReviewLinkRevoked {
}
