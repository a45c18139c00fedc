package dev.shopreviews.common.rules.valid;

import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.input.TextInput;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** {@link TrimmedText}: the text rule first (its own reason), then the trimmed length. */
public class TrimmedTextValidator implements ConstraintValidator<TrimmedText, String> {
    private TextInput.Kind kind;
    private int min;
    private int max;
    private String tooLong;
    private TrimmedText.Unit unit;

    @Override
    public void initialize(TrimmedText annotation) {
        kind = annotation.kind();
        min = annotation.min();
        max = annotation.max();
        tooLong = annotation.tooLong();
        unit = annotation.unit();
    }

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
        if (value == null) {
            return false;
        }
        String problem = TextInput.problem(value, kind);
        if (problem != null) {
            context.disableDefaultConstraintViolation();
            // The reason is one of TextInput's fixed texts (no braces): safe as a message template.
            context.buildConstraintViolationWithTemplate(TextInput.invalid(JsonRequest.FIELD, problem)).addConstraintViolation();
            return false;
        }
        String trimmed = value.trim();
        int length = unit == TrimmedText.Unit.UTF16_UNITS ? trimmed.length() : trimmed.codePointCount(0, trimmed.length());
        if (length > max && !tooLong.isEmpty()) {
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(tooLong).addConstraintViolation();
            return false;
        }
        return length >= min && length <= max;
    }
}
