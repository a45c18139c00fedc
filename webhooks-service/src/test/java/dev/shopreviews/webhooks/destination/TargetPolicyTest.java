package dev.shopreviews.webhooks.destination;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The SSRF rules as a unit: the URL table without the loopback allowlist, and the send-time check on resolved addresses. */
class TargetPolicyTest {
    private final Map<String, InetAddress[]> dns = new HashMap<>();
    private final HostResolver resolver = host -> {
        InetAddress[] found = dns.get(host);
        if (found == null) {
            throw new UnknownHostException(host);
        }
        return found;
    };
    private final TargetPolicy strict = new TargetPolicy(true, false, resolver);

    @Test
    void loopbackInEveryNotationIsRefusedWithoutTheAllowlist() {
        for (String url : new String[]{"https://127.0.0.1/", "https://127.0.0.2:8443/x", "https://[::1]/", "https://2130706433/",
                "https://0177.0.0.1/", "https://0x7f.0.0.1/", "https://127.1/", "https://0x7f.1/", "https://localhost/",
                "https://api.localhost/", "https://[::ffff:7f00:1]/"}) {
            TargetRefused refused = assertThrows(TargetRefused.class, () -> strict.vet(strict.parse(url)), url);
            assertEquals(url.contains("ffff") ? TargetPolicy.FORBIDDEN.formatted("IPv4-mapped")
                    : TargetPolicy.FORBIDDEN.formatted("loopback"), refused.getMessage(), url);
        }
    }

    @Test
    void theSubscribeTableIsRefusedByThePolicyToo() {
        TargetPolicy policy = new TargetPolicy(false, true, resolver);
        for (String[] row : dev.shopreviews.webhooks.SsrfTable.ROWS) {
            TargetRefused refused = assertThrows(TargetRefused.class, () -> policy.vet(policy.parse(row[0])), row[0]);
            assertEquals(row[1], refused.getMessage(), row[0]);
        }
    }

    @Test
    void aHostNameThatLaterResolvesToAForbiddenAddressIsRefusedAtSendTime() throws Exception {
        WebhookTarget target = strict.parse("https://hooks.shop.example/webhook?x=1");
        dns.put("hooks.shop.example", new InetAddress[]{InetAddress.getByName("93.184.216.34")});
        assertEquals(InetAddress.getByName("93.184.216.34"), strict.vet(target));
        String[][] rebinds = {
                {"127.0.0.1", "loopback"}, {"10.1.2.3", "private"}, {"172.20.0.1", "private"}, {"192.168.0.10", "private"},
                {"100.64.1.1", "shared CGNAT"}, {"169.254.169.254", "link-local"}, {"224.1.1.1", "multicast"},
                {"0.0.0.0", "unspecified"}, {"255.255.255.255", "broadcast"}, {"::1", "loopback"}, {"fc00::5", "unique local"},
                {"fd00:ec2::254", "unique local"}, {"fe80::1", "link-local"}, {"::", "unspecified"}, {"ff05::2", "multicast"},
                {"64:ff9b::a9fe:a9fe", "link-local (NAT64)"}};
        for (String[] rebind : rebinds) {
            dns.put("hooks.shop.example", new InetAddress[]{InetAddress.getByName(rebind[0])});
            TargetRefused refused = assertThrows(TargetRefused.class, () -> strict.vet(target), rebind[0]);
            assertEquals(TargetPolicy.FORBIDDEN.formatted(rebind[1]), refused.getMessage(), rebind[0]);
        }
    }

    @Test
    void oneForbiddenAddressAmongSeveralIsEnough() throws Exception {
        WebhookTarget target = strict.parse("https://multi.shop.example/");
        dns.put("multi.shop.example", new InetAddress[]{InetAddress.getByName("93.184.216.34"), InetAddress.getByName("10.0.0.1")});
        assertThrows(TargetRefused.class, () -> strict.vet(target));
    }

    @Test
    void productionRequiresHttpsExceptForAllowlistedLoopback() throws Exception {
        dns.put("hooks.shop.example", new InetAddress[]{InetAddress.getByName("93.184.216.34")});
        TargetRefused refused = assertThrows(TargetRefused.class, () -> strict.vet(strict.parse("http://hooks.shop.example/")));
        assertEquals(TargetPolicy.HTTPS_ONLY, refused.getMessage());
        TargetPolicy local = new TargetPolicy(true, true, resolver);
        assertEquals(InetAddress.getByName("127.0.0.1"), local.vet(local.parse("http://127.0.0.1:8099/hook")));
        assertThrows(TargetRefused.class, () -> local.vet(local.parse("http://hooks.shop.example/")));
    }

    @Test
    void theTargetKeepsHostPortAndPathForTheRequest() throws Exception {
        WebhookTarget target = strict.parse("https://Hooks.Shop.Example.:8443/in/box?a=1&b=%20#frag");
        assertEquals("hooks.shop.example", target.host());
        assertEquals(8443, target.port());
        assertEquals("/in/box?a=1&b=%20", target.pathAndQuery());
        assertEquals("hooks.shop.example:8443", target.endpoint());
        assertEquals("/", strict.parse("https://hooks.shop.example").pathAndQuery());
        assertEquals(443, strict.parse("https://hooks.shop.example").port());
        assertEquals(80, strict.parse("http://hooks.shop.example").port());
    }
}
