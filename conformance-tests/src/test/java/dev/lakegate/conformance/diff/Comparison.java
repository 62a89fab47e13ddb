package dev.lakegate.conformance.diff;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The outcomes of one call on the reference and on the candidate, and how they differ. */
public final class Comparison {

    private final String call;
    private final String referenceName;
    private final String candidateName;
    private final Outcome reference;
    private final Outcome candidate;

    Comparison(String call, String referenceName, Outcome reference, String candidateName, Outcome candidate) {
        this.call = call;
        this.referenceName = referenceName;
        this.candidateName = candidateName;
        this.reference = reference;
        this.candidate = candidate;
    }

    public static Comparison of(
            String call, String referenceName, Outcome reference, String candidateName, Outcome candidate) {
        return new Comparison(call, referenceName, reference, candidateName, candidate);
    }

    public Outcome reference() {
        return reference;
    }

    public Outcome candidate() {
        return candidate;
    }

    public List<Difference> differences() {
        return Difference.between(reference, candidate);
    }

    /**
     * Passes when the outcomes are the same: equal normalised values, or the same exception class with the
     * same normalised message. Differences that an allowed deviation explains are reported and let through.
     */
    public Comparison assertSame(Deviation... allowed) {
        return check(differences(), allowed);
    }

    /**
     * Passes when both failed with the same exception class and both messages contain every one of
     * {@code messageParts}: for exceptions whose message carries more than clients match on (a Thrift
     * struct's {@code toString}, say).
     */
    public Comparison assertSameFailure(String... messageParts) {
        List<Difference> out = new ArrayList<>();
        if (!reference.failed() || !candidate.failed()) {
            out.addAll(differences());
            if (out.isEmpty()) {
                out.add(new Difference(Difference.EXCEPTION, reference, candidate));
            }
        } else if (!reference.exceptionClass().equals(candidate.exceptionClass())) {
            out.addAll(differences());
        } else {
            for (String part : messageParts) {
                if (!contains(reference.message(), part) || !contains(candidate.message(), part)) {
                    out.add(new Difference(
                            Difference.MESSAGE + " contains \"" + part + "\"",
                            reference.message(),
                            candidate.message()));
                }
            }
        }
        return check(out);
    }

    private Comparison check(List<Difference> differences, Deviation... allowed) {
        Set<Deviation> deviations =
                allowed.length == 0 ? EnumSet.noneOf(Deviation.class) : EnumSet.of(allowed[0], allowed);
        List<Difference> unexplained = new ArrayList<>();
        for (Difference d : differences) {
            Deviation why = deviations.stream()
                    .filter(dev -> dev.explains(d))
                    .findFirst()
                    .orElse(null);
            if (why == null) {
                unexplained.add(d);
            } else {
                DeviationReport.record(call, why, d);
            }
        }
        if (!unexplained.isEmpty()) {
            StringBuilder msg = new StringBuilder(call + ": " + candidateName + " differs from " + referenceName + ":");
            unexplained.forEach(d -> msg.append("\n  ").append(d));
            msg.append("\n reference: ")
                    .append(reference)
                    .append("\n candidate: ")
                    .append(candidate);
            throw new AssertionError(msg.toString());
        }
        return this;
    }

    private static boolean contains(String message, String part) {
        return message != null && message.contains(part);
    }

    @Override
    public String toString() {
        return call + ": " + referenceName + " " + reference + " | " + candidateName + " " + candidate;
    }
}
