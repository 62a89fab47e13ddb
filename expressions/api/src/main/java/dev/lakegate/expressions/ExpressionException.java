package dev.lakegate.expressions;

/** An expression the reader cannot read; its message is what HMS's client is told. */
public final class ExpressionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ExpressionException(String message, Throwable cause) {
        super(message, cause);
    }

    public ExpressionException(String message) {
        super(message);
    }
}
