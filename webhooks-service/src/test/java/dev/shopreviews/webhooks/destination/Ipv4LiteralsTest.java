package dev.shopreviews.webhooks.destination;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Ipv4LiteralsTest {

    @Test
    void oddNotationsDecodeToTheAddressABrowserWouldUse() throws Exception {
        String[][] cases = {
                {"2130706433", "127.0.0.1"}, {"0177.0.0.1", "127.0.0.1"}, {"0x7f.0.0.1", "127.0.0.1"}, {"127.1", "127.0.0.1"},
                {"0x7f000001", "127.0.0.1"}, {"127.0.1", "127.0.0.1"}, {"017700000001", "127.0.0.1"}, {"0X7F.1.", "127.0.0.1"},
                {"3232235777", "192.168.1.1"}, {"0xa9fea9fe", "169.254.169.254"}, {"10.0x10.0", "10.16.0.0"},
                {"8.8.8.8", "8.8.8.8"}, {"0", "0.0.0.0"}};
        for (String[] c : cases) {
            assertTrue(Ipv4Literals.looksNumeric(c[0]), c[0]);
            byte[] bytes = Ipv4Literals.parse(c[0]).orElseThrow(() -> new AssertionError(c[0]));
            assertEquals(c[1], InetAddress.getByAddress(bytes).getHostAddress(), c[0]);
        }
    }

    @Test
    void invalidNumericHostsDoNotParse() {
        for (String host : new String[]{"256.0.0.1", "1.2.3.4.5", "4294967296", "1.16777216", "08.0.0.1", "0x1g.0.0.1", "1..1", ".1"}) {
            assertTrue(Ipv4Literals.parse(host).isEmpty(), host);
        }
    }

    @Test
    void onlyPlainDottedDecimalIsCanonical() {
        assertTrue(Ipv4Literals.isCanonical("93.184.216.34"));
        for (String host : new String[]{"127.1", "0177.0.0.1", "127.000.000.001", "0x7f.0.0.1", "2130706433"}) {
            assertFalse(Ipv4Literals.isCanonical(host), host);
        }
        assertFalse(Ipv4Literals.looksNumeric("hooks.example.com"));
        assertFalse(Ipv4Literals.looksNumeric("1.2.3.example"));
    }
}
