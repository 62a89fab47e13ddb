package dev.lakegate.catalog.server.model;

public enum PrincipalType {
    USER,
    ROLE,
    GROUP
}
