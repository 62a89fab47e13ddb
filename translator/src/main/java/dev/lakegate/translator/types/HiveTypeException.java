package dev.lakegate.translator.types;

/** A Hive type string that does not parse, or a type Hive cannot name. */
public final class HiveTypeException extends IllegalArgumentException {

    public HiveTypeException(String message) {
        super(message);
    }
}
