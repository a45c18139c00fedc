package dev.shopreviews.ratings.reply.service;

import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.rules.valid.TrimmedText;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A shop's reply (spec 4.8: a string, trimmed), the one rule of both bodies that carry one: not empty once trimmed,
 * at most {@value ReplyRequest#MAX_REPLY} characters (UTF-16 units, as it has always been counted).
 */
@Documented
@TrimmedText(kind = TextInput.Kind.TEXT, min = 1, max = ReplyRequest.MAX_REPLY, unit = TrimmedText.Unit.UTF16_UNITS,
        message = ValidReply.EMPTY, tooLong = "Invalid value for reply: at most " + ReplyRequest.MAX_REPLY + " characters.")
@Constraint(validatedBy = {})
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface ValidReply {
    String EMPTY = "Invalid value for reply: expected a non-empty string.";

    /** Also the answer for a reply that is no string. */
    String message() default EMPTY;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
