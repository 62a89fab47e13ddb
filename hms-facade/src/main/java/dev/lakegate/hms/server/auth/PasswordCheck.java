package dev.lakegate.hms.server.auth;

import java.io.IOException;

/** Tells whether a user name and password are good: the work of SASL PLAIN's server. */
public interface PasswordCheck {

    /**
     * True when {@code password} is {@code user}'s. Implementations must not log the password.
     *
     * @throws IOException when the answer cannot be had (a directory unreachable): the client is refused
     */
    boolean matches(String user, char[] password) throws IOException;

    /** For the startup log line: where passwords are checked, without secrets. */
    String describe();
}
