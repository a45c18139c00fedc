package dev.shopreviews.common.rules.valid;

import dev.shopreviews.common.input.TextInput;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Required text that {@link TextInput}'s rule of {@link #kind()} takes and that holds {@link #min()} to {@link #max()}
 * characters ({@link #unit()}) once trimmed. A missing value or a wrong length is answered with {@link #message()}
 * (more than max with {@link #tooLong()} when given); a character the rule refuses with {@link TextInput#invalid}'s
 * text ("Invalid value for reason: must be a single line.").
 */
@Documented
@Constraint(validatedBy = TrimmedTextValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface TrimmedText {
    TextInput.Kind kind();

    int min() default 1;

    int max();

    /** May name the field as {@link dev.shopreviews.common.api.JsonRequest#FIELD}. */
    String message();

    /** The message for more than {@link #max()} characters; empty: {@link #message()}. */
    String tooLong() default "";

    /** What a character is: a code point, or (as some fields have always been counted) a UTF-16 unit. */
    Unit unit() default Unit.CODE_POINTS;

    enum Unit { CODE_POINTS, UTF16_UNITS }

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
