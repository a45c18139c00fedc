package dev.shopreviews.embed.sidebar.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.embed.sidebar.repository.StoredSidebarSettings;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A webshop's sidebar settings (spec 4.12's page variables, stored by the owner; a page variable overrides each), and
 * the body of the dashboard's save: a {@link JsonRequest} read by common {@code RequestBodies}, every field required.
 * The rules are sidebar.js's own ({@link SidebarRule}): what the script would ignore on a page is refused here, the
 * first wrong field in this order answering 400 ("Invalid value for position: expected left, right."); a field of
 * another JSON type (a string for a boolean, a number for top) is answered as any other wrong value of it.
 */
@JsonRequest(notObject = SidebarSettings.NOT_AN_OBJECT)
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"sidebar", "position", "top", "theme", "mobile", "mobile_tab", "tooltip", "language"})
public record SidebarSettings(
        @SidebarRule(value = SidebarRule.Rule.FLAG, message = SidebarSettings.FLAG)
        @Schema(description = "_service_sidebar: the sidebar on or off") Boolean sidebar,
        @SidebarRule(value = SidebarRule.Rule.POSITION, message = SidebarSettings.POSITION)
        @Schema(enumeration = {"left", "right"}) String position,
        @SidebarRule(value = SidebarRule.Rule.TOP, message = SidebarSettings.TOP)
        @Schema(description = "_service_sidebar_top: pixels (a bare number or NNpx) or a percentage", examples = "300") String top,
        @SidebarRule(value = SidebarRule.Rule.THEME, message = SidebarSettings.THEME)
        @Schema(enumeration = {"dark", "light"}) String theme,
        @SidebarRule(value = SidebarRule.Rule.MOBILE, message = SidebarSettings.MOBILE_PLACES)
        @Schema(enumeration = {"none", "top_bar", "top", "top_left", "top_right", "top_manual", "bottom", "bottom_left",
                "bottom_right", "bottom_manual"}) String mobile,
        @SidebarRule(value = SidebarRule.Rule.TAB, message = SidebarSettings.TAB)
        @JsonProperty("mobile_tab") @Schema(enumeration = {"left", "center", "right"}) String mobileTab,
        @SidebarRule(value = SidebarRule.Rule.FLAG, message = SidebarSettings.FLAG)
        @Schema(description = "_service_tooltip: tooltips on or off") Boolean tooltip,
        @SidebarRule(value = SidebarRule.Rule.LANGUAGE, message = SidebarSettings.LANGUAGE)
        @Schema(description = "_service_language: empty for the webshop's default, an ISO-639-3 code (nld, eng, deu, fra, "
                + "spa, ita), url, html or browser") String language) {

    /** Also the answer for a body that is not JSON. */
    public static final String NOT_AN_OBJECT = "The body must be a JSON object of sidebar settings.";
    static final String FLAG = "Invalid value for " + JsonRequest.FIELD + ": expected true or false.";
    static final String POSITION = "Invalid value for position: expected left, right.";
    static final String TOP = "Invalid value for top: expected pixels such as 300 or 300px, or a percentage such as 40%.";
    static final String THEME = "Invalid value for theme: expected dark, light.";
    static final String MOBILE_PLACES = "Invalid value for mobile: expected none, top_bar, top, top_left, top_right, "
            + "top_manual, bottom, bottom_left, bottom_right, bottom_manual.";
    static final String TAB = "Invalid value for mobile_tab: expected left, center, right.";
    static final String LANGUAGE = "Invalid value for language: expected \"\", nld, eng, deu, fra, spa, ita, url, html, browser.";

    public static final SidebarSettings DEFAULTS = new SidebarSettings(true, "left", "300", "dark", "top_bar", "left", true, "");

    static SidebarSettings of(StoredSidebarSettings row) {
        return row == null ? DEFAULTS : new SidebarSettings(row.sidebar, row.position, row.top, row.theme, row.mobile,
                row.mobileTab, row.tooltip, row.language);
    }
}
