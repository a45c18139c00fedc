package dev.shopreviews.embed.widget.service;

import dev.shopreviews.embed.i18n.Languages;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The checked parameters of {@code GET /webshops/widget_html} (spec 4.15). Required for every layout: id, layout,
 * theme, color, width (and width_amount when manual), height, language; for new_default also show, view, amount and
 * interval. The first wrong parameter is the reason of the 400.
 */
public record WidgetParams(long id, String layout, String theme, String color, boolean show, String view, int amount,
                           String width, String widthAmount, int height, int interval, String language, CssGuard.Css css) {

    public static final List<String> LAYOUTS = List.of("new_default", "new_badges", "new_button-text", "new_button-stars",
            "new_button_logo", "new_button_logo-score", "new_button_logo-sm", "new_balloon");
    private static final Pattern HEX = Pattern.compile("#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})");
    private static final Pattern FUNCTION = Pattern.compile("(rgb|rgba|hsl|hsla)\\(\\s*[0-9.%]+\\s*,?\\s*[0-9.%]+\\s*,?\\s*[0-9.%]+\\s*([,/]\\s*[0-9.%]+\\s*)?\\)");
    private static final Pattern NAME = Pattern.compile("[a-zA-Z]{3,20}");
    /** A CSS length: a number (two decimals at most) and px (the default), %, em, rem or vw. */
    private static final Pattern WIDTH = Pattern.compile("([0-9]{1,4}(?:\\.[0-9]{1,2})?)(px|%|em|rem|vw)?");
    static final String WIDTH_INVALID = "Invalid value for width_amount: expected a CSS width such as 300px, 100%, 20em, "
            + "25rem or 50vw (% and vw at most 100, em and rem at most 500).";
    private static final Pattern HEIGHT = Pattern.compile("([0-9]{1,4})(px)?");

    public static final class Invalid extends RuntimeException {
        public Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** What the query gave, as text. */
    public record Query(String id, String layout, String theme, String color, String show, String view, String amount,
                        String width, String widthAmount, String height, String interval, String language, String css) {
    }

    public static WidgetParams parse(Query q) {
        long id = Optional.ofNullable(q.id()).filter(v -> v.matches("[0-9]{1,18}")).map(Long::parseLong).filter(v -> v > 0)
                .orElseThrow(() -> new Invalid("Invalid value for id: expected a numeric webshop ID."));
        String layout = oneOf(q.layout(), LAYOUTS, "layout");
        String theme = oneOf(q.theme(), List.of("light", "dark"), "theme");
        String color = color(q.color());
        String width = oneOf(q.width(), List.of("auto", "manual"), "width");
        String widthCss = "100%";
        if ("manual".equals(width)) {
            widthCss = widthCss(q.widthAmount());
        }
        var h = q.height() == null ? null : HEIGHT.matcher(q.height().trim());
        if (h == null || !h.matches() || Integer.parseInt(h.group(1)) < 1 || Integer.parseInt(h.group(1)) > 5000) {
            throw new Invalid("Invalid value for height: expected a number of pixels from 1 to 5000.");
        }
        int height = Integer.parseInt(h.group(1));
        String language = Languages.parse(q.language())
                .orElseThrow(() -> new Invalid("Invalid value for language: expected one of nld, eng, deu, fra, spa, ita."));
        boolean show = true;
        String view = "list";
        int amount = 3;
        int interval = 5000;
        if ("new_default".equals(layout)) {
            show = "yes".equals(oneOf(q.show(), List.of("yes", "no"), "show"));
            view = oneOf(q.view(), List.of("slider", "list"), "view");
            amount = number(q.amount(), 1, 6, "Invalid value for amount: expected a number from 1 to 6.");
            interval = number(q.interval(), 1000, 600_000, "Invalid value for interval: expected milliseconds from 1000 to 600000.");
        }
        CssGuard.Css css = CssGuard.check(q.css());
        return new WidgetParams(id, layout, theme, color, show, view, amount, width, widthCss, height, interval, language, css);
    }

    /** width_amount as the CSS width it is written into (a number without unit is pixels). */
    static String widthCss(String value) {
        var m = value == null ? null : WIDTH.matcher(value.trim());
        if (m == null || !m.matches()) {
            throw new Invalid(WIDTH_INVALID);
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "px" : m.group(2);
        double max = switch (unit) {
            case "%", "vw" -> 100;
            case "em", "rem" -> 500;
            default -> 9999;
        };
        if (amount <= 0 || amount > max) {
            throw new Invalid(WIDTH_INVALID);
        }
        return m.group(1) + unit;
    }

    private static String oneOf(String value, List<String> allowed, String name) {
        String v = value == null ? "" : value.trim();
        if (!allowed.contains(v)) {
            throw new Invalid("Invalid value for " + name + ": expected " + (allowed.size() == 2
                    ? allowed.get(0) + " or " + allowed.get(1) : "one of " + String.join(", ", allowed)) + ".");
        }
        return v;
    }

    private static String color(String value) {
        String v = value == null ? "" : value.trim();
        if (HEX.matcher(v).matches() || FUNCTION.matcher(v).matches() || NAME.matcher(v).matches()) {
            return v;
        }
        throw new Invalid("Invalid value for color: expected a CSS colour such as #0b5cad, rgb(11, 92, 173) or a colour name.");
    }

    private static int number(String value, int min, int max, String message) {
        if (value == null || !value.trim().matches("[0-9]{1,7}")) {
            throw new Invalid(message);
        }
        int n = Integer.parseInt(value.trim());
        if (n < min || n > max) {
            throw new Invalid(message);
        }
        return n;
    }
}
