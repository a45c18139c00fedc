package dev.shopreviews.invitations.sending.mail;

/**
 * Makes a value safe for a mail header (Subject, display names): line breaks, tabs, other C0/C1 controls and the
 * Unicode line and paragraph separators become one space, so a shop name with a line break can never make a mail fail
 * or add a header. The mailer encodes non-ASCII text itself (RFC 2047).
 */
public final class HeaderText {
    private HeaderText() {
    }

    public static String safe(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length());
        boolean space = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean blank = Character.isISOControl(c) || Character.isWhitespace(c) || c == '\u2028' || c == '\u2029'
                    || c == '\u0085';
            if (blank) {
                space = out.length() > 0;
                continue;
            }
            if (space) {
                out.append(' ');
                space = false;
            }
            out.append(c);
        }
        return out.toString();
    }
}
