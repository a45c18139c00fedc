package dev.shopreviews.webhooks.subscription.service;

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
 * A webhook topic with the messages of spec 4.9: missing, null or blank is {@link #message()} ("topic is required."),
 * anything but one of {@link SubscribeRequest#TOPICS} is {@link SubscribeRequest#TOPIC_UNKNOWN} (a topic of another
 * JSON type too: the field's {@code @WrongType}). Subscribing and the dashboard's test event share it.
 */
@Documented
@Constraint(validatedBy = WebhookTopic.Validator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface WebhookTopic {
    String message() default SubscribeRequest.TOPIC_REQUIRED;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<WebhookTopic, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null || value.isBlank()) {
                return false;
            }
            if (!SubscribeRequest.TOPICS.contains(value)) {
                context.disableDefaultConstraintViolation();
                context.buildConstraintViolationWithTemplate(SubscribeRequest.TOPIC_UNKNOWN).addConstraintViolation();
                return false;
            }
            return true;
        }
    }
}
