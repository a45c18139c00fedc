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
}
