package dev.shopreviews.common.security;

/**
 * The roles endpoints declare with {@code @RolesAllowed}; each authentication mechanism of this package grants its
 * caller's. A console admin holds both operator roles, as {@link dev.shopreviews.common.operator.OperatorRole#permits}
 * says.
 */
public final class Roles {
    /** A shop owner signed in to the dashboard (cookie sr_owner on /dashboard/). */
    public static final String OWNER = "owner";
    /** A named operator of any role, signed in to the console or with an API key's token (cookie sr_operator on /operator/). */
    public static final String MODERATOR = "moderator";
    /** A console admin. */
    public static final String ADMIN = "admin";
    /** A person signed in on their privacy page with the link mailed to them (cookie sr_privacy on /privacy/). */
    public static final String PRIVACY = "privacy-session";
    /** Whoever holds a webshop's API code: the spec's id and code query parameters on /api/. */
    public static final String SHOP = "api-code";
    /** Browser JavaScript with a webshop's public code: id and public_code on the paths that accept it (ratings.json). */
    public static final String PUBLIC_CODE = "public-code";
    /** A script with the operator (machine) token (Authorization: Bearer on /admin/). */
    public static final String MACHINE = "machine-token";
    /** A partner with its token: the query parameter token on /partner_api/ and the domain lookup (spec 5.4). */
    public static final String PARTNER = "partner-token";

    private Roles() {
    }
}
