package dev.shopreviews.common.rules.valid;

import dev.shopreviews.common.rules.Rating;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** {@link ValidRating}: {@link Rating#inScale(int)}, nothing of its own. */
public class ValidRatingValidator implements ConstraintValidator<ValidRating, Integer> {
    @Override
    public boolean isValid(Integer value, ConstraintValidatorContext context) {
        return value != null && Rating.inScale(value);
    }
}
