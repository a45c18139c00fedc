package dev.shopreviews.invitations.invitation.rest;

import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestQuery;

import java.util.List;

/** The query and form fields of spec 4.1 as sent; {@link dev.shopreviews.invitations.invitation.mapping.InvitationRequests} checks them. */
public class AddInvitationForm {
    @RestQuery
    @Parameter(description = "webshop id")
    public String id;
    @RestQuery
    @Parameter(description = "the webshop's API code")
    public String code;

    @RestForm
    public String email;
    @RestForm
    public String order;
    @RestForm
    public String language;
    @RestForm
    public String delay;
    @RestForm("customer_name")
    public String customerName;
    /** PHP-style repeated {@code phone_numbers[]=…}. */
    @RestForm("phone_numbers[]")
    public List<String> phoneNumbersBracketed;
    /** Plain repeated {@code phone_numbers=…}. */
    @RestForm("phone_numbers")
    public List<String> phoneNumbers;
    @RestForm("order_total")
    public String orderTotal;
    @RestForm("order_data")
    public String orderData;
    @RestForm
    public String client;
    @RestForm("platform_version")
    public String platformVersion;
    @RestForm("plugin_version")
    public String pluginVersion;
    /** At most this many invitations of this webshop for the address (the plugins' "only after the first order": 1). */
    @RestForm("max_invitations_per_email")
    public String maxInvitationsPerEmail;
    /** The same in the query, where OpenCart 2's module puts it; the form field wins. */
    @RestQuery("max_invitations_per_email")
    @Parameter(description = "as the form field max_invitations_per_email (some clients send it in the query)")
    public String maxInvitationsPerEmailQuery;
    /** Magento 2's older flag: 1 = do not invite an address that has an invitation already (max 1), 0 = no limit. */
    @RestForm
    public String noremail;
    /**
     * PHP-indexed {@code phone_numbers[0]=…&phone_numbers[1]=…} (http_build_query of a list, any indices) and
     * {@code phones[0]=…} (OpenCart 2), in index order; set by {@link IndexedFormFields}, not by a form annotation.
     */
    public List<String> phoneNumbersIndexed;
}
