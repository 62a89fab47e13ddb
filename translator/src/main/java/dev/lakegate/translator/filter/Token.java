package dev.lakegate.translator.filter;

/** One token of the partition filter language: its kind, its text as written and where it starts. */
record Token(Kind kind, String text, int position) {

    enum Kind {
        LPAREN,
        RPAREN,
        COMMA,
        MINUS,
        AND,
        OR,
        NOT,
        BETWEEN,
        IN,
        STRUCT,
        CONST,
        DATE,
        TIMESTAMP,
        LIKE,
        EQ,
        NSEQ,
        NEQ,
        NEQJ,
        LT,
        LTE,
        GT,
        GTE,
        STRING,
        INTEGER,
        DATE_VALUE,
        TIMESTAMP_VALUE,
        IDENTIFIER,
        QUOTED_IDENTIFIER,
        UNRECOGNIZED,
        EOF
    }

    String describe() {
        return kind == Kind.EOF ? "<EOF>" : "'" + text + "'";
    }
}
