package dev.lakegate.catalog.server.authz;

import static java.util.Objects.requireNonNull;

/** Whether a caller may do an action on an object, and why (the grant, ownership or admin; or what is missing). */
public record Decision(boolean allowed, Action action, AccessTarget target, String why) {

    public Decision {
        requireNonNull(action, "action is null");
        requireNonNull(target, "target is null");
        requireNonNull(why, "why is null");
    }

    static Decision allow(Action action, AccessTarget target, String why) {
        return new Decision(true, action, target, why);
    }

    static Decision deny(Action action, AccessTarget target, String why) {
        return new Decision(false, action, target, why);
    }
}
