package dev.shopreviews.embed.shoppage.service;

import dev.shopreviews.common.rules.Rating;
import dev.shopreviews.embed.i18n.Languages;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which reviews of the public page are shown: page {@code number} (from 1) of {@code size}, optionally only one
 * star rating and one review language; with the links to the previous and next page of the same filters.
 */
public record ReviewPaging(int number, int size, Integer rating, String language, long total, String base) {
    public static final List<Integer> RATINGS = List.of(5, 4, 3, 2, 1);
    private static final Pattern NUMBER = Pattern.compile("[1-9][0-9]{0,5}");

    /** The filters of a request: empty for a value that is not one of them (an empty value means none). */
    public static Optional<ReviewPaging> parse(String page, String rating, String language, int size, String base) {
        boolean noPage = page == null || page.isEmpty();
        boolean noRating = rating == null || rating.isEmpty();
        boolean noLanguage = language == null || language.isEmpty();
        if ((!noPage && !NUMBER.matcher(page).matches()) || (!noRating && (rating.length() != 1 || Rating.parse(rating) == null))
                || (!noLanguage && !Languages.SUPPORTED.contains(language))) {
            return Optional.empty();
        }
        return Optional.of(new ReviewPaging(noPage ? 1 : Integer.parseInt(page), size, noRating ? null : Integer.valueOf(rating),
                noLanguage ? null : language, 0, base));
    }

    public ReviewPaging withTotal(long total) {
        return new ReviewPaging(number, size, rating, language, total, base);
    }

    public int offset() {
        return (number - 1) * size;
    }

    public long pages() {
        return Math.max(1, (total + size - 1) / size);
    }

    /** Whether the page exists: the first always, a later one only while reviews are left for it. */
    public boolean exists() {
        return number == 1 || number <= pages();
    }

    public String previous() {
        return number > 1 ? link(number - 1) : null;
    }

    public String next() {
        return number < pages() ? link(number + 1) : null;
    }

    public List<Integer> ratings() {
        return RATINGS;
    }

    public List<String> languages() {
        return Languages.SUPPORTED;
    }

    private String link(int page) {
        StringBuilder url = new StringBuilder(base).append("?page=").append(page);
        if (rating != null) {
            url.append("&rating=").append(rating);
        }
        if (language != null) {
            url.append("&language=").append(language);
        }
        return url.toString();
    }
}
