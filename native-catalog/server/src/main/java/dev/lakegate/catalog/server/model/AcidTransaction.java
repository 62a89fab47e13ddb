package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;

/**
 * One of Hive's ACID transactions, as HMS's transaction handler keeps them: opened by a client (its user,
 * host and agent), kept alive by heartbeats, ended by a commit or an abort. {@code type} is Hive's
 * transaction type by name ({@code DEFAULT}, {@code READ_ONLY}, ...), kept as given.
 */
public record AcidTransaction(
        long id,
        State state,
        String type,
        String user,
        String host,
        String agentInfo,
        Instant startTime,
        Instant lastHeartbeatTime,
        Instant expireTime,
        Duration ttl) {

    public enum State {
        OPEN,
        ABORTED,
        COMMITTED
    }

    public AcidTransaction {
        requireNonNull(state, "state is null");
        requireNonNull(type, "type is null");
        requireNonNull(user, "user is null");
        requireNonNull(host, "host is null");
        requireNonNull(agentInfo, "agentInfo is null");
        requireNonNull(startTime, "startTime is null");
        requireNonNull(lastHeartbeatTime, "lastHeartbeatTime is null");
        requireNonNull(expireTime, "expireTime is null");
        requireNonNull(ttl, "ttl is null");
    }

    /** Its state at {@code now}: an open transaction not heartbeated within its ttl is aborted. */
    public State stateAt(Instant now) {
        return state == State.OPEN && !expireTime.isAfter(now) ? State.ABORTED : state;
    }

    public AcidTransaction heartbeatAt(Instant now) {
        return new AcidTransaction(id, state, type, user, host, agentInfo, startTime, now, now.plus(ttl), ttl);
    }

    public AcidTransaction in(State newState) {
        return new AcidTransaction(
                id, newState, type, user, host, agentInfo, startTime, lastHeartbeatTime, expireTime, ttl);
    }
}
