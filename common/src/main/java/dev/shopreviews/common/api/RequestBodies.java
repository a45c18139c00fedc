package dev.shopreviews.common.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.inject.Singleton;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Binds a JSON request body to a {@link JsonRequest} record, strictly and in the record's component order, and checks
 * it with Bean Validation. The tree is read as {@link JsonBodies} reads it (an object free of control characters, or
 * the record's {@link JsonRequest#notObject()}); each component then takes only its own JSON type: no coercion of
 * "4" or 4.5 into numbers, of numbers into strings, of null into a primitive. A wrong type is answered with the
 * message of the component's first constraint (so a "4" rating reads as any other bad rating), unless a component
 * before it breaks its own rule: the first refused field in component order wins, not the first in the document.
 * <p>
 * Deliberately not Jackson's binding: its coercions are per mapper, and it stops at the first wrong field in document
 * order. Events and responses keep the application's {@link ObjectMapper} untouched.
 */
@Singleton
public class RequestBodies {
    private final ObjectMapper mapper;
    private final Validator validator;

    public RequestBodies(ObjectMapper mapper, Validator validator) {
        this.mapper = mapper;
        this.validator = validator;
    }

    /**
     * The body bound and checked, for an endpoint whose documented order puts other checks (access, a path's id)
     * before its body; 400 with the first problem otherwise.
     */
    public <R extends Record> R read(String body, Class<R> type) {
        R bound = bind(body, type);
        Optional<String> refused = BodyViolations.first(validator.validate(bound));
        if (refused.isPresent()) {
            throw EnvelopeException.invalid(refused.get());
        }
        return bound;
    }

    /** The body bound only: {@code @Valid} on the endpoint's parameter checks it ({@link JsonRequestReader}). */
    public <R extends Record> R bind(String body, Class<R> type) {
        JsonRequest declared = type.getAnnotation(JsonRequest.class);
        if (declared == null) {
            throw new IllegalArgumentException(type.getName() + " is not annotated @JsonRequest");
        }
        return record(JsonBodies.object(mapper, body, declared.notObject(), declared.notObject()), type);
    }

    private <R> R record(ObjectNode json, Class<R> type) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            JsonNode node = json.get(BodyViolations.jsonName(type, component.getName()));
            try {
                values[i] = node == null ? missing(type, component) : value(node, component.getType(), component.getGenericType());
            } catch (Mismatch wrong) {
                throw EnvelopeException.invalid(refusedBefore(type, components, values, i)
                        .orElseGet(() -> wrongType(type, component)));
            }
        }
        return construct(type, components, values);
    }

    /** The first rule broken by the components bound before {@code end}, which the body lists before the wrong one. */
    private Optional<String> refusedBefore(Class<?> type, RecordComponent[] components, Object[] values, int end) {
        for (int i = 0; i < end; i++) {
            Set<? extends ConstraintViolation<?>> violations = validator.validateValue(type, components[i].getName(), values[i]);
            Optional<String> refused = BodyViolations.first(violations);
            if (refused.isPresent()) {
                return refused;
            }
        }
        return Optional.empty();
    }

    private Object value(JsonNode node, Class<?> type, Type generic) {
        if (node == null) {
            return type.isPrimitive() ? defaultOf(type) : null;
        }
        if (node.isNull()) {
            if (type.isPrimitive()) {
                throw new Mismatch();
            }
            return null;
        }
        if (type == String.class) {
            return accept(node.isTextual(), node::textValue);
        }
        if (type == int.class || type == Integer.class) {
            return accept(node.isIntegralNumber() && node.canConvertToInt(), node::intValue);
        }
        if (type == long.class || type == Long.class) {
            return accept(node.isIntegralNumber() && node.canConvertToLong(), node::longValue);
        }
        if (type == boolean.class || type == Boolean.class) {
            return accept(node.isBoolean(), node::booleanValue);
        }
        if (JsonNode.class.isAssignableFrom(type)) {
            return accept(type.isInstance(node), () -> node);
        }
        if (type.isRecord()) {
            return accept(node.isObject(), () -> record((ObjectNode) node, type));
        }
        if (type == List.class && generic instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[0] instanceof Class<?> element) {
            if (!node.isArray()) {
                throw new Mismatch();
            }
            List<Object> items = new ArrayList<>(node.size());
            for (JsonNode item : node) {
                items.add(value(item, element, element));
            }
            return Collections.unmodifiableList(items);
        }
        throw new IllegalStateException("A @JsonRequest component of type " + generic + " is not supported");
    }

    /** A left-out field: the component's {@link WhenMissing}, else its type's own (null, false, 0). */
    private static Object missing(Class<?> record, RecordComponent component) {
        WhenMissing declared;
        try {
            declared = record.getDeclaredField(component.getName()).getAnnotation(WhenMissing.class);
        } catch (NoSuchFieldException e) {
            declared = null;
        }
        Class<?> type = component.getType();
        if (declared == null) {
            return type.isPrimitive() ? defaultOf(type) : null;
        }
        String value = declared.value();
        if (type == boolean.class || type == Boolean.class) {
            return Boolean.parseBoolean(value);
        }
        if (type == int.class || type == Integer.class) {
            return Integer.parseInt(value);
        }
        if (type == long.class || type == Long.class) {
            return Long.parseLong(value);
        }
        if (type == String.class) {
            return value;
        }
        throw new IllegalStateException("@WhenMissing on a component of type " + type + " is not supported");
    }

    private static Object accept(boolean rightType, java.util.function.Supplier<Object> value) {
        if (!rightType) {
            throw new Mismatch();
        }
        return value.get();
    }

    private static Object defaultOf(Class<?> primitive) {
        if (primitive == boolean.class) {
            return false;
        }
        return primitive == long.class ? 0L : primitive == int.class ? (Object) 0 : null;
    }

    /**
     * The component's {@link WrongType}, else its first constraint's message; "Invalid value for x: expected …." without
     * either.
     */
    private static String wrongType(Class<?> type, RecordComponent component) {
        String field = BodyViolations.jsonName(type, component.getName());
        try {
            WrongType declared = type.getDeclaredField(component.getName()).getAnnotation(WrongType.class);
            if (declared != null) {
                return BodyViolations.naming(declared.value(), field);
            }
            for (Annotation annotation : type.getDeclaredField(component.getName()).getDeclaredAnnotations()) {
                if (annotation.annotationType().isAnnotationPresent(Constraint.class)) {
                    String message = (String) annotation.annotationType().getMethod("message").invoke(annotation);
                    if (!message.startsWith("{jakarta.validation") && !message.startsWith("{org.hibernate")) {
                        return BodyViolations.naming(message, field);
                    }
                }
            }
        } catch (ReflectiveOperationException e) {
            // no usable constraint message: the type's own below
        }
        Class<?> wanted = component.getType();
        String expected = wanted == String.class ? "a string"
                : wanted == boolean.class || wanted == Boolean.class ? "true or false"
                : wanted == int.class || wanted == Integer.class || wanted == long.class || wanted == Long.class ? "an integer"
                : wanted == List.class ? "an array" : "an object";
        return "Invalid value for " + field + ": expected " + expected + ".";
    }

    private static <R> R construct(Class<R> type, RecordComponent[] components, Object[] values) {
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            Constructor<R> canonical = type.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return canonical.newInstance(values);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException thrown) {
                throw thrown;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot construct " + type.getName(), e);
        }
    }

    /** A JSON value of another type than its component's. */
    private static final class Mismatch extends RuntimeException {
        Mismatch() {
            super(null, null, false, false);
        }
    }
}
