package dev.shopreviews.invitations.erasure.service;

import dev.shopreviews.common.privacy.EmailHash;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The address-like words of a text, found as {@link EmailHash#mentionedIn} finds them (the same pattern
 * {@code [A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}}, leftmost-first, greedy), in linear time. The regex of
 * {@code EmailHash.mentionedIn} backtracks quadratically over a long run of word characters without an {@code @}
 * (a 70,000-character dead letter held the event loop for minutes); until common's scan is linear, an erasure
 * scans dead letters with this one.
 */
public final class AddressScan {
    private AddressScan() {
    }

    public static Set<String> hashesIn(String text) {
        Set<String> hashes = new LinkedHashSet<>();
        if (text == null) {
            return hashes;
        }
        int previousEnd = 0;
        for (int at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
            int start = at;
            while (start > previousEnd && local(text.charAt(start - 1))) {
                start--;
            }
            if (start == at) {
                continue;
            }
            int domainEnd = at + 1;
            while (domainEnd < text.length() && domain(text.charAt(domainEnd))) {
                domainEnd++;
            }
            // The greedy domain gives back characters until "." and two letters follow: the rightmost such dot
            // with at least one domain character before it.
            int end = -1;
            for (int dot = domainEnd - 1; dot >= at + 2 && end < 0; dot--) {
                if (text.charAt(dot) == '.' && dot + 2 < domainEnd + 1 && letterAt(text, dot + 1) && letterAt(text, dot + 2)) {
                    end = dot + 1;
                    while (end < text.length() && letter(text.charAt(end))) {
                        end++;
                    }
                }
            }
            if (end < 0) {
                continue;
            }
            hashes.add(EmailHash.of(text.substring(start, end)));
            previousEnd = end;
        }
        return hashes;
    }

    private static boolean letterAt(String text, int index) {
        return index < text.length() && letter(text.charAt(index));
    }

    private static boolean local(char c) {
        return letter(c) || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '%' || c == '+' || c == '\'' || c == '-';
    }

    private static boolean domain(char c) {
        return letter(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
    }

    private static boolean letter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}
