package dev.lakegate.enginetests.hive;

import java.util.function.Consumer;

/** One statement (or a few that only make sense together) run by the engine, and its check. */
record HiveStep(String name, Consumer<HiveEngine> action) {}
