package dev.shopreviews.common.security;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBodiesByPath;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.privacy.PrivacySessions;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;


/**
 * The framework's refusals in the envelope, with the answer of the caller's kind. No credential: 401 with the
 * dashboard's, the console's, the machine token's or the partner token's text, and on the shop API the spec's 400 "Not all obligated
 * variables are set.". A refused credential: the identity provider's answer (the shop API's 401 incorrect
 * credentials or 403 deactivated) or 401. A role that does not permit the endpoint: 403. Shop API endpoints answer
 * in their own error body (the service's {@link dev.shopreviews.common.api.PathErrorBody} for the path).
 */
public class SecurityAnswers {
    private static final String SHOP_API = "/api/";

    private final ErrorBodiesByPath errorBodies;

    public SecurityAnswers(ErrorBodiesByPath errorBodies) {
        this.errorBodies = errorBodies;
    }

    @ServerExceptionMapper
    public Response refused(AuthenticationFailedException e, HttpServerRequest request) {
        if (e.getCause() instanceof EnvelopeException answer) {
            return Envelope.error(answer.httpStatus(), answer.getMessage(), errorBodies.of(request.path()));
        }
        return Envelope.error(401, signIn(request.path()), errorBodies.of(request.path()));
    }

    @ServerExceptionMapper
    public Response anonymous(UnauthorizedException e, HttpServerRequest request) {
        if (request.path().startsWith(SHOP_API)) {
            EnvelopeException missing = EnvelopeException.missingVariables();
            return Envelope.error(missing.httpStatus(), missing.getMessage(), errorBodies.of(request.path()));
        }
        return Envelope.error(401, signIn(request.path()), errorBodies.of(request.path()));
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return Envelope.error(403, OperatorAuth.NOT_PERMITTED);
    }

    static String signIn(String path) {
        if (path.startsWith(OwnerSessions.COOKIE_PATH)) {
            return OwnerAuth.SIGN_IN;
        }
        if (path.startsWith(OperatorSessions.COOKIE_PATH)) {
            return OperatorAuth.SIGN_IN;
        }
        if (path.startsWith("/admin/")) {
            return OperatorAuth.TOKEN_REQUIRED;
        }
        if (path.startsWith(CallerMechanisms.PRIVACY_PATH)) {
            return PrivacySessions.EXPIRED;
        }
        if (CallerMechanisms.partnerApi(path)) {
            return PartnerTokenCheck.INVALID_TOKEN;
        }
        return Messages.INCORRECT_CREDENTIALS;
    }
}
