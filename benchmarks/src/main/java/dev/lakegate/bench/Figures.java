package dev.lakegate.bench;

import java.util.Locale;

/** How the reports write a measured figure: throughput, latency and CPU time, to the digits that matter. */
public final class Figures {

    private Figures() {}

    /** Operations per second. */
    public static String rate(double perSecond) {
        return perSecond >= 100
                ? String.format(Locale.ROOT, "%,.0f", perSecond)
                : String.format(Locale.ROOT, "%,.1f", perSecond);
    }

    /** CPU milliseconds per operation; a dash when unknown. */
    public static String cpu(double millis) {
        return Double.isNaN(millis) ? "–" : millis >= 10 ? millis(millis) : String.format(Locale.ROOT, "%.3f", millis);
    }

    /** Milliseconds; a dash when unknown. */
    public static String millis(double millis) {
        if (Double.isNaN(millis)) {
            return "–";
        }
        return millis >= 100
                ? String.format(Locale.ROOT, "%,.0f", millis)
                : millis >= 10
                        ? String.format(Locale.ROOT, "%.1f", millis)
                        : String.format(Locale.ROOT, "%.2f", millis);
    }
}
