package dev.shopreviews.common.security;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The framework's refusals in the envelope, with the message of the caller's kind: no or a bad credential is 401,
 * a role that does not permit the endpoint is 403. The texts are the ones the hand-written checks answered.
 */
public class SecurityAnswers {

    @ServerExceptionMapper
    public Response unauthenticated(AuthenticationFailedException e, HttpServerRequest request) {
        return Envelope.error(401, signIn(request.path()));
    }

    @ServerExceptionMapper
    public Response anonymous(UnauthorizedException e, HttpServerRequest request) {
        return Envelope.error(401, signIn(request.path()));
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, HttpServerRequest request) {
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
        return Messages.INCORRECT_CREDENTIALS;
    }
}
