package dev.shopreviews.invitations.invitation.mapping;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.input.TextInput.Kind;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.invitations.invitation.rest.AddInvitationForm;
import dev.shopreviews.invitations.invitation.service.NewInvitation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Checks the fields of spec 4.1 and applies their defaults. Every refusal is a 400 envelope with a plain message. */
public final class InvitationRequests {
    public static final int MAX_DELAY_DAYS = 365;
    /** Spec 4.1: the delay of an invitation whose request names none, unless the webshop set its own default. */
    public static final int DEFAULT_DELAY_DAYS = 0;
    public static final String DELAY_INVALID = "delay must be a whole number of days from 0 to " + MAX_DELAY_DAYS + ".";
    static final int MAX_PHONE_NUMBERS = 10;

    private static final Pattern EMAIL = Pattern.compile(
            "[^\\s@<>(),;:\\\\\"\\[\\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+");
    private static final Pattern DOT_DECIMAL = Pattern.compile("\\d{1,14}(\\.\\d{1,4})?");
    private static final Pattern ISO_639_1 = Pattern.compile("[a-z]{2}");

    private InvitationRequests() {
    }

    /** Spec 7: id, code and email are obligated. */
    public static void requirePresent(AddInvitationForm form) {
        if (blank(form.id) || blank(form.code)) {
            throw EnvelopeException.missingVariables();
        }
        requireEmail(form);
    }

    /** The part of {@link #requirePresent} callers signed in another way (the shop dashboard) need too. */
    public static void requireEmail(AddInvitationForm form) {
        if (blank(form.email)) {
            throw EnvelopeException.missingVariables();
        }
    }

    public static NewInvitation toNewInvitation(AddInvitationForm form, WebshopReplica shop) {
        checkText(form);
        return new NewInvitation(
                email(form.email),
                limited("order", trimToEmpty(form.order), 255),
                language(form.language, shop),
                delay(form.delay),
                limited("customer_name", trimToEmpty(form.customerName), 255),
                phoneNumbers(form),
                orderTotal(form.orderTotal),
                OrderData.products(form.orderData),
                optional("client", form.client),
                optional("platform_version", form.platformVersion),
                optional("plugin_version", form.pluginVersion));
    }

    /** The one input rule (TextInput) for every text field; e-mail and name go into mail headers, so single-line. */
    static void checkText(AddInvitationForm form) {
        check("email", form.email, Kind.LINE);
        check("customer_name", form.customerName, Kind.LINE);
        check("order", form.order, Kind.LINE);
        check("language", form.language, Kind.LINE);
        check("delay", form.delay, Kind.LINE);
        check("order_total", form.orderTotal, Kind.LINE);
        check("client", form.client, Kind.LINE);
        check("platform_version", form.platformVersion, Kind.LINE);
        check("plugin_version", form.pluginVersion, Kind.LINE);
        check("order_data", form.orderData, Kind.TEXT);
        for (List<String> given : List.of(nullToEmpty(form.phoneNumbersBracketed), nullToEmpty(form.phoneNumbers))) {
            for (String number : given) {
                check("phone_numbers", number, Kind.LINE);
            }
        }
    }

    private static void check(String field, String value, Kind kind) {
        String why = TextInput.problem(value, kind);
        if (why != null) {
            throw EnvelopeException.invalid(TextInput.invalid(field, why));
        }
    }

    /** The trimmed address, or a 400 envelope: the one rule for an e-mail address a caller gives this service. */
    public static String email(String value) {
        String email = value.trim();
        if (email.length() > 254 || !EMAIL.matcher(email).matches()) {
            throw EnvelopeException.invalid("The email address is not valid.");
        }
        return email;
    }

    static String language(String value, WebshopReplica shop) {
        if (blank(value)) {
            return shop.mainLanguage;
        }
        String language = value.trim().toLowerCase(Locale.ROOT);
        if (!ISO_639_1.matcher(language).matches()) {
            throw EnvelopeException.invalid("language must be an ISO-639-1 code of two letters.");
        }
        return language;
    }

    /**
     * The request's delay in days; null when it names none: then the webshop's default delay applies (table
     * invitation_defaults, set in the dashboard), else {@link #DEFAULT_DELAY_DAYS} (add_invitation, migration V11).
     */
    static Integer delay(String value) {
        return blank(value) ? null : delayDays(value);
    }

    /** The one rule for a delay in days (spec 4.1; also a webshop's default delay): 0-365, else a 400 envelope. */
    public static int delayDays(String value) {
        Long delay = TextInput.integer(value, 0, MAX_DELAY_DAYS);
        if (delay == null) {
            throw EnvelopeException.invalid(DELAY_INVALID);
        }
        return delay.intValue();
    }

    static BigDecimal orderTotal(String value) {
        if (blank(value)) {
            return null;
        }
        String total = value.trim();
        if (!DOT_DECIMAL.matcher(total).matches()) {
            throw EnvelopeException.invalid("order_total must be a decimal number with a dot as decimal separator.");
        }
        return new BigDecimal(total);
    }

    static List<String> phoneNumbers(AddInvitationForm form) {
        List<String> numbers = new ArrayList<>();
        for (List<String> given : List.of(nullToEmpty(form.phoneNumbersBracketed), nullToEmpty(form.phoneNumbers))) {
            for (String number : given) {
                if (!blank(number)) {
                    numbers.add(limited("phone_numbers", number.trim(), 64));
                }
            }
        }
        if (numbers.size() > MAX_PHONE_NUMBERS) {
            throw EnvelopeException.invalid("phone_numbers may hold at most " + MAX_PHONE_NUMBERS + " numbers.");
        }
        return numbers.isEmpty() ? null : numbers;
    }

    private static String optional(String field, String value) {
        return blank(value) ? null : limited(field, value.trim(), 255);
    }

    static String limited(String field, String value, int max) {
        if (value.length() > max) {
            throw EnvelopeException.invalid(field + " is too long (at most " + max + " characters).");
        }
        return value;
    }

    private static List<String> nullToEmpty(List<String> values) {
        return values == null ? List.of() : values;
    }

    private static String trimToEmpty(String value) {
        return value == null ? "" : value.trim();
    }

    static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
