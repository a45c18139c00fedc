package dev.shopreviews.common.api;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.ValidationException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * A {@code @Valid} request body that breaks a rule is answered as any other invalid input: 400 in the envelope with
 * the first violation in the record's field order ({@link BodyViolations}), in place of Quarkus's violation report.
 * A violated return value, or a constraint that cannot run, is the service's fault: 500.
 */
public class BodyViolationMapper {

    @ServerExceptionMapper
    public Response violations(ConstraintViolationException e) {
        if (e.getConstraintViolations() == null || e.getConstraintViolations().isEmpty()
                || e.getConstraintViolations().stream().anyMatch(BodyViolationMapper::ofReturnValue)) {
            return Envelope.fromFailure(e, ErrorBody.PLAIN);
        }
        return Envelope.error(400, BodyViolations.first(e.getConstraintViolations()).orElseThrow());
    }

    @ServerExceptionMapper
    public Response validation(ValidationException e) {
        return Envelope.fromFailure(e, ErrorBody.PLAIN);
    }

    private static boolean ofReturnValue(ConstraintViolation<?> violation) {
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.RETURN_VALUE) {
                return true;
            }
        }
        return false;
    }
}
