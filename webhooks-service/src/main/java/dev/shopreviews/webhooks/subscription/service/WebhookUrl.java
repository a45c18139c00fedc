package dev.shopreviews.webhooks.subscription.service;

import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.input.TextInput;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A subscription's url as spec 4.9 takes it in a body: required (missing, null or blank: {@link #message()}), then one
 * line ({@link TextInput}'s rule: "Invalid value for url: must be a single line."). Whether it may be called at all
 * is the target guard's question, after the body.
 */
@Documented
@Constraint(validatedBy = WebhookUrl.Validator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface WebhookUrl {
    String message() default SubscribeRequest.URL_REQUIRED;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Blank first, then the text rule, as the body has always been checked. */
    class Validator implements ConstraintValidator<WebhookUrl, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null || value.isBlank()) {
                return false;
            }
            String why = TextInput.problem(value, TextInput.Kind.LINE);
            if (why != null) {
                context.disableDefaultConstraintViolation();
                // One of TextInput's fixed reasons (no braces): safe as a message template.
                context.buildConstraintViolationWithTemplate(TextInput.invalid(JsonRequest.FIELD, why)).addConstraintViolation();
                return false;
            }
            return true;
        }
    }
}
