package dev.shopreviews.common.testing;

import static io.restassured.RestAssured.given;

/** Reads one series of the service's own /q/metrics (Prometheus text format) the way a scrape does. */
public final class Metrics {
    private Metrics() {
    }

    /**
     * The sum of the series named {@code name} whose labels include each {@code label="value"} of {@code labels}
     * (given as {@code "outcome", "published", …}); -1 when no such series is exported.
     */
    public static double value(String name, String... labels) {
        String text = given().get("/q/metrics").then().statusCode(200).extract().asString();
        double sum = 0;
        boolean found = false;
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || !(line.startsWith(name + "{") || line.startsWith(name + " "))) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String series = line.substring(0, space);
            boolean matches = true;
            for (int i = 0; i + 1 < labels.length; i += 2) {
                matches &= series.contains(labels[i] + "=\"" + labels[i + 1] + "\"");
            }
            if (matches) {
                sum += Double.parseDouble(line.substring(space + 1));
                found = true;
            }
        }
        return found ? sum : -1;
    }
}
