package dev.lakegate.launcher;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.v1.AssertRefSnapshot;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.RefType;
import dev.lakegate.catalog.v1.Snapshot;
import dev.lakegate.catalog.v1.SnapshotRef;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableRequirement;
import dev.lakegate.catalog.v1.TableUpdate;
import dev.lakegate.catalog.v1.TableView;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakegate table}: the snapshots and refs of a lake table, and its branches, tags, rollbacks and
 * fast-forwards,
 * as a thin client of the catalog's gRPC API. Each change is one commit that asserts the ref it moves,
 * so a concurrent change makes it fail rather than be overwritten.
 */
@Command(
        name = "table",
        mixinStandardHelpOptions = true,
        description = "Snapshots, branches and tags of a lake table, over the catalog's gRPC API.")
final class TableCommand implements Callable<Integer> {

    @Option(
            names = "--catalog",
            defaultValue = "127.0.0.1:9090",
            paramLabel = "HOST:PORT",
            description = "The catalog's gRPC address (default: ${DEFAULT-VALUE}).")
    String catalog;

    @Parameters(
            index = "0",
            paramLabel = "ACTION",
            description = "snapshots | refs | branch | tag | drop-ref | rollback | fast-forward")
    String action;

    @Parameters(index = "1", paramLabel = "DB.TABLE", description = "The table, as database.table.")
    String table;

    @Parameters(
            index = "2",
            arity = "0..1",
            paramLabel = "NAME|SNAPSHOT",
            description = "The ref to create, drop or fast-forward; for rollback, the snapshot id.")
    String argument;

    @Option(
            names = "--to",
            paramLabel = "REF",
            description = "fast-forward: the ref whose snapshot the branch moves to.")
    String to;

    @Option(
            names = "--snapshot",
            paramLabel = "ID",
            description = "The snapshot a new branch or tag points at (default: the current one).")
    Long snapshot;

    @Mixin
    CatalogTokenOptions catalogToken;

    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Mixin
    CatalogTlsOptions catalogTls;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HostAndPort address = HostAndPort.parse(catalog);
        TableIdentifier id = identifier(table);
        try (CatalogClient connection = catalogTls.connect(address)) {
            CatalogClient client = catalogToken.authenticated(connection);
            Table current = client.getTable(id.getNamespace(), id.getName(), TableView.FULL);
            switch (action) {
                case "snapshots" -> printSnapshots(current, out);
                case "refs" -> printRefs(current, out);
                case "branch", "tag" -> {
                    long target = snapshot != null ? snapshot : currentSnapshot(current);
                    SnapshotRef ref = SnapshotRef.newBuilder()
                            .setName(required("a ref name"))
                            .setType(action.equals("tag") ? RefType.TAG : RefType.BRANCH)
                            .setSnapshotId(target)
                            .build();
                    Table after = commit(
                            client,
                            id,
                            mustNotExist(ref.getName()),
                            TableUpdate.newBuilder().setSetRef(ref).build());
                    out.printf(
                            "%s %s -> snapshot %d (metadata %s)%n",
                            action, ref.getName(), target, after.getMetadataLocation());
                }
                case "drop-ref" -> {
                    String name = required("a ref name");
                    if (name.equals("main")) {
                        throw new IllegalArgumentException("main cannot be dropped; roll it back instead");
                    }
                    Table after = commit(
                            client,
                            id,
                            at(name, refSnapshot(current, name)),
                            TableUpdate.newBuilder().setRemoveRef(name).build());
                    out.printf("dropped %s (metadata %s)%n", name, after.getMetadataLocation());
                }
                case "rollback" -> {
                    long target = Long.parseLong(required("a snapshot id"));
                    long from = currentSnapshot(current);
                    if (!isAncestor(current, target, from)) {
                        throw new IllegalArgumentException(
                                "snapshot " + target + " is not an ancestor of main's snapshot " + from);
                    }
                    Table after = commit(
                            client,
                            id,
                            at("main", from),
                            TableUpdate.newBuilder()
                                    .setSetRef(SnapshotRef.newBuilder()
                                            .setName("main")
                                            .setType(RefType.BRANCH)
                                            .setSnapshotId(target))
                                    .build());
                    out.printf("main %d -> %d (metadata %s)%n", from, target, after.getMetadataLocation());
                }
                case "fast-forward" -> {
                    String branch = required("a branch name");
                    if (to == null || to.isBlank()) {
                        throw new IllegalArgumentException("fast-forward needs --to REF");
                    }
                    long from = refSnapshot(current, branch);
                    long target = refSnapshot(current, to);
                    if (!isAncestor(current, from, target)) {
                        throw new IllegalArgumentException("cannot fast-forward " + branch + ": its snapshot " + from
                                + " is not an ancestor of " + to + "'s snapshot " + target);
                    }
                    Table after = commit(
                            client,
                            id,
                            at(branch, from),
                            TableUpdate.newBuilder()
                                    .setSetRef(SnapshotRef.newBuilder()
                                            .setName(branch)
                                            .setType(RefType.BRANCH)
                                            .setSnapshotId(target))
                                    .build());
                    out.printf("%s %d -> %d (metadata %s)%n", branch, from, target, after.getMetadataLocation());
                }
                default ->
                    throw new IllegalArgumentException("unknown action " + action
                            + "; expected snapshots, refs, branch, tag, drop-ref, rollback or fast-forward");
            }
            out.flush();
            return 0;
        } catch (IllegalArgumentException | CatalogClientException e) {
            err.println("lakegate table: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private String required(String what) {
        if (argument == null || argument.isBlank()) {
            throw new IllegalArgumentException(action + " needs " + what);
        }
        return argument;
    }

    private static TableIdentifier identifier(String text) {
        int dot = text.indexOf('.');
        if (dot <= 0 || dot == text.length() - 1) {
            throw new IllegalArgumentException("expected database.table, got '" + text + "'");
        }
        return TableIdentifier.newBuilder()
                .setNamespace(text.substring(0, dot))
                .setName(text.substring(dot + 1))
                .build();
    }

    private static Table commit(
            CatalogClient client, TableIdentifier id, TableRequirement requirement, TableUpdate update) {
        return client.commitTable(CommitTableRequest.newBuilder()
                        .setTable(id)
                        .addRequirements(requirement)
                        .addUpdates(update)
                        .build())
                .getTable();
    }

    private static TableRequirement mustNotExist(String ref) {
        return TableRequirement.newBuilder()
                .setAssertRefSnapshot(AssertRefSnapshot.newBuilder().setRef(ref))
                .build();
    }

    private static TableRequirement at(String ref, long snapshotId) {
        return TableRequirement.newBuilder()
                .setAssertRefSnapshot(AssertRefSnapshot.newBuilder().setRef(ref).setSnapshotId(snapshotId))
                .build();
    }

    private static long currentSnapshot(Table table) {
        if (!table.hasCurrentSnapshotId()) {
            throw new IllegalArgumentException(
                    "table " + table.getNamespace() + "." + table.getName() + " has no current snapshot");
        }
        return table.getCurrentSnapshotId();
    }

    private static long refSnapshot(Table table, String name) {
        return table.getRefsList().stream()
                .filter(ref -> ref.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "table " + table.getNamespace() + "." + table.getName() + " has no ref " + name))
                .getSnapshotId();
    }

    /** Whether {@code ancestor} is {@code from} or one of its parents. */
    private static boolean isAncestor(Table table, long ancestor, long from) {
        Map<Long, Snapshot> byId = new HashMap<>();
        table.getSnapshotsList().forEach(s -> byId.put(s.getSnapshotId(), s));
        Optional<Long> at = Optional.of(from);
        while (at.isPresent()) {
            if (at.get() == ancestor) {
                return true;
            }
            Snapshot s = byId.get(at.get());
            at = s == null || !s.hasParentSnapshotId() ? Optional.empty() : Optional.of(s.getParentSnapshotId());
        }
        return false;
    }

    private static void printSnapshots(Table table, PrintWriter out) {
        out.printf(
                "%-20s %-20s %-26s %-10s %12s %12s%n",
                "snapshot", "parent", "committed", "operation", "added rows", "total rows");
        for (Snapshot s : table.getSnapshotsList()) {
            out.printf(
                    "%-20d %-20s %-26s %-10s %12s %12s%s%n",
                    s.getSnapshotId(),
                    s.hasParentSnapshotId() ? Long.toString(s.getParentSnapshotId()) : "-",
                    Instant.ofEpochSecond(
                            s.getTimestamp().getSeconds(), s.getTimestamp().getNanos()),
                    s.getOperation(),
                    s.getSummaryMap().getOrDefault("added-records", "-"),
                    s.getSummaryMap().getOrDefault("total-records", "-"),
                    table.hasCurrentSnapshotId() && table.getCurrentSnapshotId() == s.getSnapshotId()
                            ? "  (current)"
                            : "");
        }
    }

    private static void printRefs(Table table, PrintWriter out) {
        out.printf("%-20s %-7s %s%n", "ref", "type", "snapshot");
        for (SnapshotRef ref : table.getRefsList()) {
            out.printf(
                    "%-20s %-7s %d%n",
                    ref.getName(), ref.getType() == RefType.TAG ? "tag" : "branch", ref.getSnapshotId());
        }
    }
}
