package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/**
 * Topic {@code sessions.ended} (compacted, key = {@code accountKind:account}): every session of one account that was
 * opened at or before {@code endedAt} is over, in every service (sign-out, a new password, a second-factor change,
 * an operator's deactivation or new role). Written by partner-service; read by every service that accepts the
 * dashboard's or the console's cookie. Carries the account's id or operator name, no address. Kind
 * {@value #OWNER_SESSION} ends one dashboard session only (account = the cookie's session id), whenever it was opened.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record SessionsEnded(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        /* owner, operator or owner-session */
        String accountKind,
        /* the owner's id, the operator's name, or the session's id */
        String account,
        Instant endedAt,
        /* sign-out, password, second-factor, deactivated, role, ended-by-owner */
        String reason) implements Event {

    public static final String TYPE = "sessions.ended";
    public static final String OWNER = "owner";
    public static final String OPERATOR = "operator";
    public static final String OWNER_SESSION = "owner-session";

    public String key() {
        return key(accountKind, account);
    }

    public static String key(String accountKind, String account) {
        return accountKind + ":" + account;
    }
}
