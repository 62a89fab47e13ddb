package dev.lakegate.hms.legacy;

import org.apache.thrift.TException;

/** The legacy metastore could not be reached or did not answer in time. */
public final class LegacyUnavailableException extends TException {

    private static final long serialVersionUID = 1L;

    public LegacyUnavailableException(String message) {
        super(message);
    }
}
