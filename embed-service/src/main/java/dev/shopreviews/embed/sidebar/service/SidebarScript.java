package dev.shopreviews.embed.sidebar.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.i18n.ScriptTexts;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Builds a webshop's sidebar.js: the plain-JavaScript program (resource {@code embed/sidebar.js}) with the
 * webshop's display data and texts written into it as a JSON literal (with {@code <}, U+2028 and U+2029 escaped,
 * so no data can end the script or break the literal).
 */
@ApplicationScoped
public class SidebarScript {
    /** What an unknown webshop id gets: a script that does nothing. */
    public static final String NO_OP = "/* shop reviews: unknown webshop, nothing to show */\n";
    /** What a deactivated webshop gets: nothing on the page, one line on the console for whoever looks there. */
    public static final String DEACTIVATED = "/* shop reviews: deactivated webshop, nothing to show */\n"
            + "if (window.console && console.info) { console.info('Shop reviews: the reviews of this shop are not available at the moment.'); }\n";
    private static final int MAX_COMMENT = 400;

    private final String program;
    private final ObjectMapper mapper;
    private final EmbedConfig config;

    public SidebarScript(ObjectMapper mapper, EmbedConfig config) {
        this.mapper = mapper;
        this.config = config;
        try (InputStream in = Objects.requireNonNull(getClass().getClassLoader().getResourceAsStream("embed/sidebar.js"))) {
            // whole-line // comments are for the source's readers, not for every page view (the size budget: 10 KB gzipped)
            this.program = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.trim().startsWith("//")).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String render(ShopDisplay shop, SidebarSettings settings) {
        return program.replace("/*CONFIG*/null", literal(data(shop, settings)));
    }

    SidebarData data(ShopDisplay display, SidebarSettings settings) {
        WebshopSnapshot shop = display.shop();
        List<String> enabled = shop.languages() == null ? List.of() : shop.languages();
        String main = Languages.supported(shop.mainLanguage()) ? shop.mainLanguage() : Languages.FALLBACK;
        List<String> langs = Stream.concat(Stream.of(main), enabled.stream()).filter(Languages::supported).distinct().toList();
        Map<String, Map<String, String>> texts = new LinkedHashMap<>();
        Stream.concat(langs.stream(), Stream.of(Languages.FALLBACK)).distinct().forEach(l -> texts.put(l, ScriptTexts.of(l)));
        Map<String, String> sub = new LinkedHashMap<>();
        display.subAverages().forEach((k, v) -> sub.put(k, v.setScale(1, java.math.RoundingMode.HALF_UP).toPlainString()));
        List<SidebarData.Review> reviews = new ArrayList<>();
        for (ShownReview r : display.reviews()) {
            // a hidden review's text never reaches the page: the script shows the reason in its place
            reviews.add(new SidebarData.Review(r.name, Math.max(1, Math.min(5, r.rating)), r.reviewDate,
                    r.hiddenReason == null ? cut(r.comment) : null, r.verified && r.importSource == null, cut(r.reaction),
                    cut(r.hiddenReason), r.importSource));
        }
        return new SidebarData(shop.webshopId(), shop.name(), display.url(), address(shop.address()),
                base() + "/shop/" + shop.webshopId() + "/", display.score(), display.amount(), sub, display.badges(), main,
                langs, texts, reviews, settings);
    }

    private String literal(Object data) {
        try {
            return mapper.writeValueAsString(data).replace("<", "\\u003c").replace(">", "\\u003e")
                    .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Sidebar data cannot be written", e);
        }
    }

    private static String address(WebshopSnapshot.Address a) {
        if (a == null) {
            return null;
        }
        String line1 = join(" ", a.street(), a.housenumber());
        String line2 = join(" ", a.postalcode(), a.city());
        String all = join(", ", line1, line2, a.country());
        return all.isEmpty() ? null : all;
    }

    private static String join(String separator, String... parts) {
        return Stream.of(parts).filter(p -> p != null && !p.isBlank()).map(String::trim).collect(Collectors.joining(separator));
    }

    private static String cut(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        return text.length() <= MAX_COMMENT ? text : text.substring(0, MAX_COMMENT - 1) + "\u2026";
    }

    private String base() {
        String base = config.publicBaseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
