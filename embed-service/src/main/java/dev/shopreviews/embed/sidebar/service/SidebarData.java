package dev.shopreviews.embed.sidebar.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Map;

/** What sidebar.js receives as its configuration literal; unknown values are null (written, never left out). */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"id", "name", "url", "address", "page", "score", "amount", "sub", "badges", "main", "langs", "texts",
        "reviews", "settings"})
public record SidebarData(long id, String name, String url, String address, String page, String score, long amount,
                          // sub-rating name → average with one decimal, in the read model's order
                          Map<String, String> sub,
                          List<String> badges, String main, List<String> langs,
                          // language → the script's text table (message key → text): free-form by design
                          Map<String, Map<String, String>> texts,
                          List<Review> reviews,
                          // the owner's dashboard settings: what applies where the page sets no variable
                          SidebarSettings settings) {

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"name", "rating", "date", "comment", "verified", "reaction", "hidden", "importedFrom"})
    public record Review(String name, int rating, String date, String comment, boolean verified, String reaction,
                         // the moderators' public reason while the operator keeps the review hidden (comment is null then)
                         String hidden,
                         // the provider the shop imported the review from (null: our own); the script labels it, never verified
                         String importedFrom) {
    }
}
