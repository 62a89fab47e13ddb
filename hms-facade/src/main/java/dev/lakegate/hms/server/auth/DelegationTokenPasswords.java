package dev.lakegate.hms.server.auth;

import javax.security.sasl.SaslException;

/**
 * Where the Thrift door finds the password of a delegation token a client authenticates with: the metastore
 * that issued it keeps it (Lakegate's catalog, shared by every gateway on it).
 */
@FunctionalInterface
public interface DelegationTokenPasswords {

    /**
     * The password of the token {@code identifier} names, when it may still authenticate.
     *
     * @throws SaslException when the token was never issued, was cancelled or has expired
     */
    byte[] password(DelegationTokenIdentifier identifier) throws SaslException;
}
