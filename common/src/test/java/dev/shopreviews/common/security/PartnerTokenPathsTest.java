package dev.shopreviews.common.security;

import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.OwnerAuth;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The partner token is read on the partner API and the domain lookup only, and its refusal keeps the spec's text. */
class PartnerTokenPathsTest {

    @Test
    void thePartnerTokenOpensThePartnerApiAndTheDomainLookup() {
        assertTrue(CallerMechanisms.partnerApi("/partner_api/create"));
        assertTrue(CallerMechanisms.partnerApi("/webshops/fetch_domain.json"));
        assertFalse(CallerMechanisms.partnerApi("/webshops/fetch_domain.jsonx"));
        assertFalse(CallerMechanisms.partnerApi("/api/1.0/webshop.json"));
    }

    @Test
    void aCallWithoutAValidTokenIsToldSo() {
        assertEquals("Invalid or missing token.", SecurityAnswers.signIn("/partner_api/create"));
        assertEquals("Invalid or missing token.", SecurityAnswers.signIn("/webshops/fetch_domain.json"));
        assertEquals(OwnerAuth.SIGN_IN, SecurityAnswers.signIn("/dashboard/api/partner/account/session"));
        assertEquals(Messages.INCORRECT_CREDENTIALS, SecurityAnswers.signIn("/somewhere/else"));
    }
}
