package dev.shopreviews.invitations.invitation.mapping;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.input.TextInput.Kind;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.rules.EmailAddress;
import dev.shopreviews.common.rules.OrderNumber;
import dev.shopreviews.invitations.invitation.rest.AddInvitationForm;
import dev.shopreviews.invitations.invitation.service.NewInvitation;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Checks the fields of spec 4.1 and applies their defaults. Every refusal is a 400 envelope with a plain message. */
public final class InvitationRequests {
    public static final int MAX_DELAY_DAYS = 365;
    /** Spec 4.1: the delay of an invitation whose request names none, unless the webshop set its own default. */
    public static final int DEFAULT_DELAY_DAYS = 0;
    public static final String DELAY_INVALID = "delay must be a whole number of days from 0 to " + MAX_DELAY_DAYS + ".";
    static final int MAX_PHONE_NUMBERS = 10;
    public static final String EMAIL_INVALID = "The email address is not valid.";

    private static final Pattern EMAIL = Pattern.compile(
            "[^\\s@<>(),;:\\\\\"\\[\\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+");
    /** Up to 8 decimals are read (PrestaShop sends totals with 6) and rounded half up to the stored 4. */
    private static final Pattern DOT_DECIMAL = Pattern.compile("\\d{1,14}(\\.\\d{1,8})?");
    public static final int MAX_INVITATIONS_PER_EMAIL = 1000;
    public static final String MAX_PER_EMAIL_INVALID =
            "max_invitations_per_email must be a whole number from 0 (no limit) to " + MAX_INVITATIONS_PER_EMAIL + ".";
    public static final String NOREMAIL_INVALID = "noremail must be 0 or 1.";
    public static final String LANGUAGE_INVALID = "language must be an ISO-639-1 code of two letters.";

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
                invitationEmail(form.email),
                limited("order", trimToEmpty(form.order), OrderNumber.MAX),  // the reviews' rule (common OrderNumber), LINE checked below
                language(form.language, shop),
                delay(form.delay),
                limited("customer_name", trimToEmpty(form.customerName), 255),
                phoneNumbers(form),
                orderTotal(form.orderTotal),
                OrderData.products(form.orderData),
                optional("client", form.client),
                optional("platform_version", form.platformVersion),
                optional("plugin_version", form.pluginVersion),
                maxInvitationsPerEmail(form));
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
        check("max_invitations_per_email", form.maxInvitationsPerEmail, Kind.LINE);
        check("max_invitations_per_email", form.maxInvitationsPerEmailQuery, Kind.LINE);
        check("noremail", form.noremail, Kind.LINE);
        check("order_data", form.orderData, Kind.TEXT);
        for (List<String> given : phoneNumberLists(form)) {
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

    /**
     * The invited address, trimmed, or a 400 envelope: the core's rule for a reviewer's address (common {@link
     * EmailAddress}), so every invitation's review link can lead to a stored review (a non-ASCII local part, which
     * ratings-service refuses, is refused here too). Every add path comes here: the spec's POST, the dashboard's form
     * and CSV upload, the shop platforms' order webhooks.
     */
    public static String invitationEmail(String value) {
        if (!EmailAddress.valid(value)) {
            throw EnvelopeException.invalid(EMAIL_INVALID);
        }
        return EmailAddress.normalise(value);
    }

    /**
     * The trimmed address, or a 400 envelope: the rule for an address this service may already hold or mail
     * (erasure, the privacy link, a shop's Reply-To). Wider than {@link #invitationEmail}: invitations added before
     * that rule may hold a non-ASCII local part, and their owners must still be able to erase them.
     */
    public static String email(String value) {
        String email = value.trim();
        if (email.length() > 254 || !EMAIL.matcher(email).matches()) {
            throw EnvelopeException.invalid(EMAIL_INVALID);
        }
        return email;
    }

    /**
     * The e-mail's language: blank → the webshop's main language; a language tag (two or three letters, with a
     * region or script after - or _) → its ISO 639-1 code ({@link LanguageCodes}); a three-letter code without a
     * two-letter one → the webshop's main language; anything else → 400.
     */
    static String language(String value, WebshopReplica shop) {
        if (blank(value)) {
            return shop.mainLanguage;
        }
        LanguageCodes.Reading reading = LanguageCodes.read(value);
        if (reading instanceof LanguageCodes.Code code) {
            return code.iso6391();
        }
        if (reading instanceof LanguageCodes.NoTwoLetterCode) {
            return shop.mainLanguage;
        }
        throw EnvelopeException.invalid(LANGUAGE_INVALID);
    }

    /**
     * How many invitations this webshop may have for the address, this one included (null: no limit). The field
     * {@code max_invitations_per_email} (form, or the query as OpenCart 2 sends it) wins; else Magento 2's
     * {@code noremail=1} means 1. Blank is absent; 0 is no limit (the PHP library sends 0 when the caller set none).
     */
    static Integer maxInvitationsPerEmail(AddInvitationForm form) {
        String value = !blank(form.maxInvitationsPerEmail) ? form.maxInvitationsPerEmail : form.maxInvitationsPerEmailQuery;
        if (!blank(value)) {
            Long max = TextInput.integer(value, 0, MAX_INVITATIONS_PER_EMAIL);
            if (max == null) {
                throw EnvelopeException.invalid(MAX_PER_EMAIL_INVALID);
            }
            return max == 0 ? null : max.intValue();
        }
        if (blank(form.noremail)) {
            return null;
        }
        return switch (form.noremail.trim()) {
            case "1" -> 1;
            case "0" -> null;
            default -> throw EnvelopeException.invalid(NOREMAIL_INVALID);
        };
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
        return new BigDecimal(total).setScale(4, RoundingMode.HALF_UP);
    }

    static List<String> phoneNumbers(AddInvitationForm form) {
        List<String> numbers = new ArrayList<>();
        for (List<String> given : phoneNumberLists(form)) {
            for (String number : given) {
                // No digit, no phone number: PHP sends a nested array in a multipart post as the text "Array"
                // (PrestaShop's module does): the invitation goes ahead without it.
                if (!blank(number) && number.chars().anyMatch(Character::isDigit)) {
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

    /** Every form in which phone numbers arrive: {@code phone_numbers[]}, plain, PHP-indexed ({@code phone_numbers[0]}, {@code phones[0]}). */
    private static List<List<String>> phoneNumberLists(AddInvitationForm form) {
        return List.of(nullToEmpty(form.phoneNumbersBracketed), nullToEmpty(form.phoneNumbers),
                nullToEmpty(form.phoneNumbersIndexed));
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
