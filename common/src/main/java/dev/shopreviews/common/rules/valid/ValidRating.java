package dev.shopreviews.common.rules.valid;

import dev.shopreviews.common.rules.Rating;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A rating on {@link Rating}'s scale, required: the edges' message names the field. */
@Documented
@Constraint(validatedBy = ValidRatingValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface ValidRating {
    String message() default Rating.INVALID;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
