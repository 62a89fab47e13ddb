package dev.lakegate.catalog.server.model;

/** What an append of foreign events did: the source's position after it, and how many it appended. */
public record ForeignAppend(long position, int appended) {}
