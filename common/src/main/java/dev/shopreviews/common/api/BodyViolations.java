package dev.shopreviews.common.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;

import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * The one violation a request body is answered with: the first in the record's component order (the order the
 * spec lists a body's fields in), its {@link JsonRequest#FIELD} replaced by the field's JSON name.
 */
public final class BodyViolations {
    private BodyViolations() {
    }

    /** The message of the first violation in component order; empty when there is none. */
    public static Optional<String> first(Collection<? extends ConstraintViolation<?>> violations) {
        return violations.stream().map(BodyViolations::located)
                .min(Comparator.comparingInt(Located::index).thenComparing(Located::message))
                .map(Located::message);
    }

    /** The JSON name of a record component: its {@code @JsonProperty}, else its own name. */
    public static String jsonName(Class<?> record, String component) {
        try {
            JsonProperty property = record.getDeclaredField(component).getAnnotation(JsonProperty.class);
            return property == null || property.value().isEmpty() ? component : property.value();
        } catch (NoSuchFieldException e) {
            return component;
        }
    }

    /** A message with {@link JsonRequest#FIELD} naming {@code field}. */
    public static String naming(String message, String field) {
        return message.replace(JsonRequest.FIELD, field);
    }

    private record Located(int index, String message) {
    }

    /** Where a violation lies: the component of the validated record (a @Valid parameter's, or the bean's own). */
    private static Located located(ConstraintViolation<?> violation) {
        Class<?> record = violation.getRootBeanClass();
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PARAMETER) {
                Object[] arguments = violation.getExecutableParameters();
                int index = node.as(Path.ParameterNode.class).getParameterIndex();
                Object argument = arguments == null || index >= arguments.length ? null : arguments[index];
                record = argument == null ? null : argument.getClass();
            } else if (node.getKind() == ElementKind.PROPERTY && record != null && record.isRecord()) {
                RecordComponent[] components = record.getRecordComponents();
                for (int i = 0; i < components.length; i++) {
                    if (components[i].getName().equals(node.getName())) {
                        return new Located(i, naming(violation.getMessage(), jsonName(record, node.getName())));
                    }
                }
            }
        }
        return new Located(-1, violation.getMessage());
    }
}
