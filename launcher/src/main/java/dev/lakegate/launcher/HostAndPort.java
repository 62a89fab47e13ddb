package dev.lakegate.launcher;

import picocli.CommandLine;

/** {@code host:port} as given on the command line. */
record HostAndPort(String host, int port) {

    static HostAndPort parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new CommandLine.TypeConversionException("expected host:port, got '" + text + "'");
        }
        try {
            return new HostAndPort(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("expected host:port, got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
