package dev.shopreviews.webhooks;

/** URLs a webhook may never target, with the exact 400 message (used at subscribe and by the policy unit test). */
public final class SsrfTable {
    public static final String FORBIDDEN = "url host resolves to a forbidden address (%s).";

    public static final String[][] ROWS = {
            {"ftp://example.com/hook", "url must be an absolute http or https URL."},
            {"file:///etc/passwd", "url must be an absolute http or https URL."},
            {"gopher://example.com:70/_x", "url must be an absolute http or https URL."},
            {"javascript:alert(1)", "url must be an absolute http or https URL."},
            {"/relative/hook", "url must be an absolute http or https URL."},
            {"http:///no-host", "url must be an absolute http or https URL."},
            {"http://exa mple.com/", "url must be an absolute http or https URL."},
            {"http://user:pass@example.com/", "url must not contain user information."},
            {"http://example.com@10.0.0.1/", "url must not contain user information."},
            {"http://10.0.0.5/hook", FORBIDDEN.formatted("private")},
            {"http://172.16.3.4/hook", FORBIDDEN.formatted("private")},
            {"http://172.31.255.255/hook", FORBIDDEN.formatted("private")},
            {"http://192.168.1.1/hook", FORBIDDEN.formatted("private")},
            {"http://100.64.0.1/hook", FORBIDDEN.formatted("shared CGNAT")},
            {"http://100.127.255.254/hook", FORBIDDEN.formatted("shared CGNAT")},
            {"http://169.254.169.254/latest/meta-data/", FORBIDDEN.formatted("link-local")},
            {"http://169.254.1.1/hook", FORBIDDEN.formatted("link-local")},
            {"http://224.0.0.1/hook", FORBIDDEN.formatted("multicast")},
            {"http://239.255.255.250/hook", FORBIDDEN.formatted("multicast")},
            {"http://0.0.0.0/hook", FORBIDDEN.formatted("unspecified")},
            {"http://255.255.255.255/hook", FORBIDDEN.formatted("broadcast")},
            {"http://240.0.0.1/hook", FORBIDDEN.formatted("reserved")},
            {"http://[fc00::1]/hook", FORBIDDEN.formatted("unique local")},
            {"http://[fd12:3456:789a::1]/hook", FORBIDDEN.formatted("unique local")},
            {"http://[fe80::1]/hook", FORBIDDEN.formatted("link-local")},
            {"http://[ff02::1]/hook", FORBIDDEN.formatted("multicast")},
            {"http://[::]/hook", FORBIDDEN.formatted("unspecified")},
            {"http://[::ffff:127.0.0.1]/hook", FORBIDDEN.formatted("IPv4-mapped")},
            {"http://[::ffff:8.8.8.8]/hook", FORBIDDEN.formatted("IPv4-mapped")},
            {"http://[::ffff:a9fe:a9fe]/hook", FORBIDDEN.formatted("IPv4-mapped")},
            {"http://[fe80::1%25eth0]/hook", "url host is not valid."},
            // Odd IPv4 encodings are decoded strictly (never handed to DNS) and refused even with allow-loopback.
            {"http://2130706433/hook", FORBIDDEN.formatted("loopback")},
            {"http://0177.0.0.1/hook", FORBIDDEN.formatted("loopback")},
            {"http://0x7f.0.0.1/hook", FORBIDDEN.formatted("loopback")},
            {"http://0x7f000001/hook", FORBIDDEN.formatted("loopback")},
            {"http://127.1/hook", FORBIDDEN.formatted("loopback")},
            {"http://127.000.000.001/hook", FORBIDDEN.formatted("loopback")},
            {"http://167772161/hook", FORBIDDEN.formatted("private")},
            {"http://0xa9.0xfe.0xa9.0xfe/hook", FORBIDDEN.formatted("link-local")},
            {"http://0x08080808/hook", "url host must be a host name or an IPv4 address in dotted decimal form."},
            {"http://1.2.3.4.5/hook", "url host is not valid."},
            {"http://256.1.1.1/hook", "url host is not valid."},
            {"http://example.123/hook", "url host is not valid."},
            {"http://exa_mple.com/hook", "url host is not valid."},
            {"http://example.com:0/hook", "url host is not valid."},
            {"http://example.com:99999/hook", "url host is not valid."},
            {"http://hooks.invalid/hook", "url host could not be resolved."},
    };

    private SsrfTable() {
    }
}
