package dev.shopreviews.common.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.rules.valid.TrimmedText;
import dev.shopreviews.common.rules.valid.ValidRating;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Strict binding of request records (no coercion, the first refused field in component order, control characters
 * refused, any JSON type where another is due) and the envelope a violation is answered with.
 */
class RequestBodiesTest {
    static final String NOT_OBJECT = "Invalid request body: expected a JSON object with rating, display_name and notify.";
    static final String RATING = "Invalid value for rating: expected an integer from 1 to 5.";
    static final String NAME = "Invalid value for display_name: expected 3 to 10 characters.";
    static final String NOTIFY = "Invalid value for notify: expected true or false.";

    @JsonRequest(notObject = NOT_OBJECT)
    record Sample(@ValidRating Integer rating,
                  @JsonProperty("display_name") @TrimmedText(kind = TextInput.Kind.LINE, min = 3, max = 10,
                          message = "Invalid value for " + JsonRequest.FIELD + ": expected 3 to 10 characters.") String name,
                  @JsonProperty("notify") boolean notifyMe) {
    }

    record Unmarked(int rating) {
    }

    @JsonRequest(notObject = NOT_OBJECT)
    record WithDefaults(@WhenMissing("true") @WrongType("{field} must be a boolean.") @JsonProperty("is_active") boolean active,
                        @WhenMissing("50") Integer limit, @WhenMissing("left") String side) {
    }

    /** An endpoint's shape: Bean Validation's method validation of a @Valid parameter. */
    static class Endpoint {
        @NotNull
        public String answer(String path, @Valid Sample body) {
            return null;
        }
    }

    static final ValidatorFactory FACTORY = Validation.byDefaultProvider().configure()
            .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory();
    static final Validator VALIDATOR = FACTORY.getValidator();
    static final ObjectMapper MAPPER = new ObjectMapper();
    final RequestBodies bodies = new RequestBodies(MAPPER, VALIDATOR);

    @AfterAll
    static void close() {
        FACTORY.close();
    }

    @Test
    void aWellFormedBodyIsBoundAsItIs() {
        Sample sample = bodies.read("{\"rating\":4,\"display_name\":\" Jan \",\"notify\":true,\"unknown\":[1]}", Sample.class);
        assertEquals(new Sample(4, " Jan ", true), sample);
        assertEquals(new Sample(5, "Piet", false), bodies.read("{\"rating\":5,\"display_name\":\"Piet\"}", Sample.class),
                "an absent primitive takes its default");
    }

    @Test
    void noScalarIsCoerced() {
        for (String rating : List.of("\"4\"", "4.5", "4.0", "true", "[4]", "{\"v\":4}", "4294967301", "null", "\"\"")) {
            assertRefused(RATING, "{\"rating\":" + rating + ",\"display_name\":\"Jan Jansen\"}");
        }
        assertRefused(RATING, "{\"display_name\":\"Jan Jansen\"}");
        for (String name : List.of("42", "true", "[\"Jan\"]", "{}", "null", "\"ab\"", "\"" + "x".repeat(11) + "\"")) {
            assertRefused(NAME, "{\"rating\":3,\"display_name\":" + name + "}");
        }
        for (String notify : List.of("\"true\"", "1", "0", "null", "[]", "{}")) {
            assertRefused(NOTIFY, "{\"rating\":3,\"display_name\":\"Jan\",\"notify\":" + notify + "}");
        }
    }

    @Test
    void theFirstRefusedFieldInComponentOrderIsAnsweredNotTheFirstInTheDocument() {
        assertRefused(RATING, "{\"notify\":\"yes\",\"display_name\":\"ab\",\"rating\":9}");
        assertRefused(NAME, "{\"notify\":\"yes\",\"display_name\":\"ab\",\"rating\":3}");
        assertRefused(NAME, "{\"display_name\":7,\"rating\":3,\"notify\":\"yes\"}");
        assertRefused(NOTIFY, "{\"notify\":\"yes\",\"display_name\":\"Jan\",\"rating\":3}");
        assertRefused(RATING, "{\"display_name\":\"ab\",\"rating\":0}");
    }

    @Test
    void controlCharactersAreRefusedAnywhereInTheBody() {
        assertRefused("Invalid value for display_name: contains a control character.",
                "{\"rating\":3,\"display_name\":\"Ja\\u0000n\"}");
        assertRefused("Invalid value for other: contains a control character.",
                "{\"rating\":3,\"display_name\":\"Jan\",\"other\":\"\\u0007\"}");
        assertRefused("Invalid value for display_name: must be a single line.", "{\"rating\":3,\"display_name\":\"Ja\\nn\"}");
    }

    @Test
    void aBodyThatIsNoObjectIsAnsweredWithTheRecordsMessage() {
        for (String body : List.of("", "   ", "null", "[1]", "\"text\"", "42", "not json", "{\"rating\":", "{'a':1}")) {
            assertRefused(NOT_OBJECT, body);
        }
    }

    @Test
    void onlyMarkedRecordsAreReadByTheReader() {
        JsonRequestReader reader = new JsonRequestReader(bodies);
        Annotation[] none = new Annotation[0];
        assertTrue(reader.isReadable(Sample.class, Sample.class, none, MediaType.APPLICATION_JSON_TYPE));
        assertTrue(reader.isReadable(Sample.class, Sample.class, none, MediaType.WILDCARD_TYPE));
        assertFalse(reader.isReadable(Unmarked.class, Unmarked.class, none, MediaType.APPLICATION_JSON_TYPE));
        assertFalse(reader.isReadable(String.class, String.class, none, MediaType.APPLICATION_JSON_TYPE));
        assertThrows(IllegalArgumentException.class, () -> bodies.bind("{}", Unmarked.class));
    }

    @Test
    void aViolatedParameterIsTheEnvelopeWithTheFirstViolationInFieldOrder() throws Exception {
        Method answer = Endpoint.class.getMethod("answer", String.class, Sample.class);
        Sample bound = bodies.bind("{\"display_name\":\"ab\",\"rating\":0}", Sample.class);
        var violations = VALIDATOR.forExecutables().validateParameters(new Endpoint(), answer, new Object[]{"/x", bound});
        assertEquals(2, violations.size());

        Response response = new BodyViolationMapper().violations(new ConstraintViolationException(violations));
        assertEquals(400, response.getStatus());
        assertEquals("{\"status\":\"error\",\"message\":\"" + RATING + "\"}", MAPPER.writeValueAsString(response.getEntity()));
        assertEquals(MAPPER.writeValueAsString(Envelope.error(400, RATING).getEntity()), MAPPER.writeValueAsString(response.getEntity()),
                "the same envelope as every other 400");
    }

    @Test
    void aViolatedReturnValueIsTheServicesFault() throws Exception {
        Method answer = Endpoint.class.getMethod("answer", String.class, Sample.class);
        var violations = VALIDATOR.forExecutables().validateReturnValue(new Endpoint(), answer, null);
        Response response = new BodyViolationMapper().violations(new ConstraintViolationException(violations));
        assertEquals(500, response.getStatus());
        assertEquals("{\"status\":\"error\",\"message\":\"" + Messages.UNEXPECTED + "\"}", MAPPER.writeValueAsString(response.getEntity()));
    }

    @Test
    void onlyAMissingFieldTakesItsDeclaredDefault() {
        assertEquals(new WithDefaults(true, 50, "left"), bodies.read("{}", WithDefaults.class));
        assertEquals(new WithDefaults(false, 7, "right"),
                bodies.read("{\"is_active\":false,\"limit\":7,\"side\":\"right\"}", WithDefaults.class));
        assertEquals(new WithDefaults(true, null, null), bodies.read("{\"limit\":null,\"side\":null}", WithDefaults.class),
                "a JSON null is a value, not a missing field");
        for (String active : List.of("null", "\"true\"", "1", "[]")) {
            EnvelopeException refused = assertThrows(EnvelopeException.class,
                    () -> bodies.read("{\"is_active\":" + active + "}", WithDefaults.class), active);
            assertEquals("is_active must be a boolean.", refused.getMessage(), active);
        }
    }

    private void assertRefused(String message, String body) {
        EnvelopeException refused = assertThrows(EnvelopeException.class, () -> bodies.read(body, Sample.class), body);
        assertEquals(400, refused.httpStatus(), body);
        assertEquals(message, refused.getMessage(), body);
    }
}
