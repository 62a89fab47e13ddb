package dev.lakegate.bench.thrift;

import java.util.List;

/**
 * One call × thread count: the unrecorded warm-up of each server (null when there was none), the rounds of
 * each, and of the floor where it answers the call.
 */
record Case(
        String call,
        int threads,
        Phase hmsWarmUp,
        Phase lakegateWarmUp,
        List<Phase> hms,
        List<Phase> lakegate,
        List<Phase> floor) {}
