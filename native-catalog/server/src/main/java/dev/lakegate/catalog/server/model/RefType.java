package dev.lakegate.catalog.server.model;

public enum RefType {
    BRANCH,
    TAG
}
