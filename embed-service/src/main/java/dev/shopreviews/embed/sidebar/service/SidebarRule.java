package dev.shopreviews.embed.sidebar.service;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One of sidebar.js's rules for a sidebar setting ({@link SidebarSettings}), required: a missing value, null or one
 * the script would ignore on a page is answered with {@link #message()}.
 */
@Documented
@Constraint(validatedBy = SidebarRule.Validator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface SidebarRule {
    Rule value();

    /** May name the field as {@link dev.shopreviews.common.api.JsonRequest#FIELD}. */
    String message();

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** The values sidebar.js takes for a setting. */
    enum Rule {
        /** _service_sidebar and _service_tooltip: a boolean. */
        FLAG,
        POSITION("left", "right"),
        /** _service_sidebar_top: pixels (a bare number or NNpx, at most five digits) or a percentage up to 100. */
        TOP,
        THEME("dark", "light"),
        MOBILE("none", "top_bar", "top", "top_left", "top_right", "top_manual", "bottom", "bottom_left", "bottom_right",
                "bottom_manual"),
        TAB("left", "center", "right"),
        /** Empty for the webshop's default. */
        LANGUAGE("", "nld", "eng", "deu", "fra", "spa", "ita", "url", "html", "browser");

        private static final Pattern PIXELS = Pattern.compile("[0-9]{1,5}(px)?");
        private static final Pattern PERCENT = Pattern.compile("([0-9]{1,3}(\\.[0-9]{1,2})?)%");

        /** The values of a setting chosen from a list (none for FLAG and TOP). */
        private final List<String> choices;

        Rule(String... choices) {
            this.choices = List.of(choices);
        }

        public boolean accepts(Object value) {
            return switch (this) {
                case FLAG -> value instanceof Boolean;
                case TOP -> value instanceof String text && (PIXELS.matcher(text).matches() || percent(text));
                default -> value instanceof String text && choices.contains(text);
            };
        }

        private static boolean percent(String value) {
            var m = PERCENT.matcher(value);
            return m.matches() && Double.parseDouble(m.group(1)) <= 100;
        }
    }

    /** {@link SidebarRule}: the rule's {@link Rule#accepts}, nothing of its own. */
    class Validator implements ConstraintValidator<SidebarRule, Object> {
        private Rule rule;

        @Override
        public void initialize(SidebarRule annotation) {
            rule = annotation.value();
        }

        @Override
        public boolean isValid(Object value, ConstraintValidatorContext context) {
            return rule.accepts(value);
        }
    }
}
