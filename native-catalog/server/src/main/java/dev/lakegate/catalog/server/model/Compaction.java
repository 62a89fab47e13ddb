package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One entry of Hive's compaction queue (HMS's COMPACTION_QUEUE, and its COMPLETED_COMPACTIONS for the
 * entries a Worker failed or refused, the Cleaner cleaned or a caller aborted): what was asked, the state it
 * is in, when it was enqueued, and what the Worker that took it recorded. The queue numbers its entries from
 * one sequence.
 */
public record Compaction(long id, CompactionRequest request, State state, Instant enqueueTime, CompactionWork work) {

    /** An entry no Worker took yet. */
    public Compaction(long id, CompactionRequest request, State state, Instant enqueueTime) {
        this(id, request, state, enqueueTime, CompactionWork.NONE);
    }

    /** HMS's compaction states, by the one-letter codes its queue stores them with. */
    public enum State {
        INITIATED('i', "initiated"),
        WORKING('w', "working"),
        READY_FOR_CLEANING('r', "ready for cleaning"),
        FAILED('f', "failed"),
        SUCCEEDED('s', "succeeded"),
        DID_NOT_INITIATE('a', "did not initiate"),
        REFUSED('c', "refused"),
        ABORTED('x', "aborted");

        private final char code;
        private final String word;

        State(char code, String word) {
            this.code = code;
            this.word = word;
        }

        public char code() {
            return code;
        }

        /** How HMS names the state in its answers ("initiated", "ready for cleaning", ...). */
        public String word() {
            return word;
        }

        public static State ofCode(char code) {
            for (State state : values()) {
                if (state.code == code) {
                    return state;
                }
            }
            throw new IllegalArgumentException("no compaction state has code '" + code + "'");
        }
    }

    /** The kinds of compaction HMS 4 queues, by the one-letter codes its queue stores them with. */
    public enum Type {
        MAJOR('a'),
        MINOR('i'),
        REBALANCE('r'),
        ABORT_TXN_CLEANUP('c');

        private final char code;

        Type(char code) {
            this.code = code;
        }

        public char code() {
            return code;
        }

        public static Type ofCode(char code) {
            for (Type type : values()) {
                if (type.code == code) {
                    return type;
                }
            }
            throw new IllegalArgumentException("no compaction type has code '" + code + "'");
        }
    }

    public Compaction {
        requireNonNull(request, "request is null");
        requireNonNull(state, "state is null");
        requireNonNull(enqueueTime, "enqueueTime is null");
        requireNonNull(work, "work is null");
    }
}
