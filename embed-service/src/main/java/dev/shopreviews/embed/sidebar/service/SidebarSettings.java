package dev.shopreviews.embed.sidebar.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.embed.sidebar.repository.StoredSidebarSettings;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A webshop's sidebar settings (spec 4.12's page variables, stored by the owner; a page variable overrides each). The
 * rules are sidebar.js's own: what the script would ignore on a page is refused here, the first wrong field in this
 * order answering 400.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"sidebar", "position", "top", "theme", "mobile", "mobile_tab", "tooltip", "language"})
public record SidebarSettings(
        @Schema(description = "_service_sidebar: the sidebar on or off") Boolean sidebar,
        @Schema(enumeration = {"left", "right"}) String position,
        @Schema(description = "_service_sidebar_top: pixels (a bare number or NNpx) or a percentage", examples = "300") String top,
        @Schema(enumeration = {"dark", "light"}) String theme,
        @Schema(enumeration = {"none", "top_bar", "top", "top_left", "top_right", "top_manual", "bottom", "bottom_left",
                "bottom_right", "bottom_manual"}) String mobile,
        @JsonProperty("mobile_tab") @Schema(enumeration = {"left", "center", "right"}) String mobileTab,
        @Schema(description = "_service_tooltip: tooltips on or off") Boolean tooltip,
        @Schema(description = "_service_language: empty for the webshop's default, an ISO-639-3 code (nld, eng, deu, fra, "
                + "spa, ita), url, html or browser") String language) {

    public static final SidebarSettings DEFAULTS = new SidebarSettings(true, "left", "300", "dark", "top_bar", "left", true, "");
    static final List<String> POSITIONS = List.of("left", "right");
    static final List<String> THEMES = List.of("dark", "light");
    static final List<String> MOBILE = List.of("none", "top_bar", "top", "top_left", "top_right", "top_manual", "bottom",
            "bottom_left", "bottom_right", "bottom_manual");
    static final List<String> TABS = List.of("left", "center", "right");
    static final List<String> LANGUAGES = List.of("", "nld", "eng", "deu", "fra", "spa", "ita", "url", "html", "browser");
    private static final Pattern PIXELS = Pattern.compile("[0-9]{1,5}(px)?");
    private static final Pattern PERCENT = Pattern.compile("([0-9]{1,3}(\\.[0-9]{1,2})?)%");

    /** These settings, checked: every field present and one of its values, or a 400 naming the first that is not. */
    public SidebarSettings checked() {
        if (sidebar == null) {
            throw invalid("sidebar", "true or false");
        }
        oneOf("position", position, POSITIONS);
        if (top == null || !(PIXELS.matcher(top).matches() || percent(top))) {
            throw invalid("top", "pixels such as 300 or 300px, or a percentage such as 40%");
        }
        oneOf("theme", theme, THEMES);
        oneOf("mobile", mobile, MOBILE);
        oneOf("mobile_tab", mobileTab, TABS);
        if (tooltip == null) {
            throw invalid("tooltip", "true or false");
        }
        oneOf("language", language, LANGUAGES);
        return this;
    }

    /** The settings of a JSON object (common JsonBodies): booleans as JSON booleans, the rest as JSON strings. */
    public static SidebarSettings from(ObjectNode json) {
        return new SidebarSettings(bool(json, "sidebar"), text(json, "position"), text(json, "top"), text(json, "theme"),
                text(json, "mobile"), text(json, "mobile_tab"), bool(json, "tooltip"), text(json, "language"));
    }

    private static Boolean bool(ObjectNode json, String field) {
        JsonNode value = json.get(field);
        return value != null && value.isBoolean() ? value.booleanValue() : null;
    }

    private static String text(ObjectNode json, String field) {
        JsonNode value = json.get(field);
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    static SidebarSettings of(StoredSidebarSettings row) {
        return row == null ? DEFAULTS : new SidebarSettings(row.sidebar, row.position, row.top, row.theme, row.mobile,
                row.mobileTab, row.tooltip, row.language);
    }

    private static boolean percent(String value) {
        var m = PERCENT.matcher(value);
        return m.matches() && Double.parseDouble(m.group(1)) <= 100;
    }

    private static void oneOf(String field, String value, List<String> allowed) {
        if (value == null || !allowed.contains(value)) {
            throw invalid(field, allowed.stream().map(v -> v.isEmpty() ? "\"\"" : v).reduce((a, b) -> a + ", " + b).orElse(""));
        }
    }

    private static EnvelopeException invalid(String field, String expected) {
        return EnvelopeException.invalid("Invalid value for " + field + ": expected " + expected + ".");
    }
}
