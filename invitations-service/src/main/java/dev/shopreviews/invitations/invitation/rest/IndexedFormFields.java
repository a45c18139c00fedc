package dev.shopreviews.invitations.invitation.rest;

import org.jboss.resteasy.reactive.server.core.CurrentRequestManager;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;
import org.jboss.resteasy.reactive.server.core.multipart.FormData;
import org.jboss.resteasy.reactive.server.multipart.FormValue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Form fields whose names carry an index, as PHP's http_build_query writes a list: {@code phone_numbers[0]=…&
 * phone_numbers[1]=…} (encoded {@code phone_numbers%5B0%5D}). A form annotation names one field, so these are read
 * from the request's parsed form. Indices may be any (array_filter leaves gaps: {@code [1]}, {@code [3]}) and in any
 * order; numeric ones are taken in index order, other keys ({@code [mobile]}) after them in the order they came.
 * Nested keys ({@code [0][x]}) are not phone numbers and are ignored.
 */
final class IndexedFormFields {
    /** The bases read as phone numbers: the spec's name, and OpenCart 2's {@code phones}. */
    private static final List<String> PHONE_BASES = List.of("phone_numbers", "phones");
    private static final Pattern INDEXED = Pattern.compile("([a-z_]+)\\[([^\\[\\]]+)]");

    private IndexedFormFields() {
    }

    /** Sets {@code form.phoneNumbersIndexed} from the current request's form (null when there are none). */
    static void read(AddInvitationForm form) {
        ResteasyReactiveRequestContext request = CurrentRequestManager.get();
        FormData data = request == null ? null : request.getFormData();
        if (data != null) {
            form.phoneNumbersIndexed = phoneNumbers(data);
        }
    }

    static List<String> phoneNumbers(Iterable<String> names, java.util.function.Function<String, List<String>> values) {
        record Entry(int order, long index, String value) {
        }
        List<Entry> entries = new ArrayList<>();
        int order = 0;
        for (String name : names) {
            Matcher m = INDEXED.matcher(name);
            if (!m.matches() || !PHONE_BASES.contains(m.group(1))) {
                continue;
            }
            String key = m.group(2);
            long index = key.matches("\\d{1,9}") ? Long.parseLong(key) : Long.MAX_VALUE;
            for (String value : values.apply(name)) {
                entries.add(new Entry(order++, index, value));
            }
        }
        if (entries.isEmpty()) {
            return null;
        }
        entries.sort(Comparator.comparingLong(Entry::index).thenComparingInt(Entry::order));
        return entries.stream().map(Entry::value).toList();
    }

    private static List<String> phoneNumbers(FormData data) {
        return phoneNumbers(data, name -> {
            List<String> texts = new ArrayList<>();
            for (FormValue value : data.get(name)) {
                if (!value.isFileItem() && value.getValue() != null) {
                    texts.add(value.getValue());
                }
            }
            return texts;
        });
    }
}
