package dev.lakegate.hms.handler;

import dev.lakegate.expressions.PartitionExpressions;
import dev.lakegate.hms.handler.kept.HplSqlObjects;
import dev.lakegate.hms.handler.limits.CallLimits;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.handler.partitions.PartitionsByExpression;
import dev.lakegate.hms.handler.tokens.DelegationTokens;
import dev.lakegate.hms.idl.HmsApiVersions;
import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Every area of the HMS API that the facade serves, wired to one catalog and one warehouse. */
public final class HmsAreas {

    private HmsAreas() {}

    /** A handler without a reader of Hive's partition expressions, within the default limits. */
    public static HmsIface handler(CatalogCalls catalog, Warehouse warehouse, FacadeSettings settings) {
        return handler(
                catalog,
                warehouse,
                settings,
                Limits.DEFAULTS,
                ReplyBudget.of(Limits.DEFAULTS),
                Optional.empty(),
                Optional.empty());
    }

    /**
     * The handler whose calls are bounded by {@code limits}, checked before any work by the dispatcher,
     * and hold catalog answers within {@code replies}; {@code expressions} reads Hive's partition
     * expressions, if the gateway has a reader; {@code tokens} issues delegation tokens, if the gateway
     * authenticates with Kerberos.
     */
    public static HmsIface handler(
            CatalogCalls catalog,
            Warehouse warehouse,
            FacadeSettings settings,
            Limits limits,
            ReplyBudget replies,
            Optional<PartitionExpressions> expressions,
            Optional<DelegationTokens> tokens) {
        TableCalls tables = new TableCalls(catalog, warehouse, limits.filters(), settings.managedTables());
        HplSqlObjects hplSql = new HplSqlObjects();
        PartitionsByExpression byExpression = new PartitionsByExpression(expressions, limits.filters());
        TransactionCalls transactions = new TransactionCalls(catalog, LockCalls.ttl(settings));
        PartitionCalls partitions = new PartitionCalls(catalog, warehouse, limits.filters(), byExpression);
        List<Object> areas = new ArrayList<>(List.of(
                new ConnectionCalls(settings, Instant.now().getEpochSecond()),
                new DatabaseCalls(catalog, warehouse, hplSql),
                new CatalogLevelCalls(catalog, warehouse),
                tables,
                new SchemaCalls(tables),
                partitions,
                new WriteEventCalls(catalog, tables, partitions),
                new StatisticsCalls(catalog),
                new ConstraintCalls(catalog),
                new FunctionCalls(catalog),
                new LockCalls(catalog, settings, transactions),
                transactions,
                new WriteIdCalls(catalog),
                new CompactionCalls(catalog),
                new NotificationCalls(catalog, settings),
                new TranslationCalls(catalog, warehouse),
                new MetastoreCalls(catalog),
                new PartitionValueCalls(catalog, limits.filters(), byExpression),
                new RuntimeStatisticsCalls(catalog),
                new ReplicationMetricsCalls(catalog),
                new ScheduledQueryCalls(catalog),
                new MaterializedViewCalls(catalog),
                new RoleCalls(catalog),
                new PrivilegeCalls(catalog),
                new ExchangeCalls(catalog, warehouse),
                new FileMetadataCalls(),
                new DataConnectorCalls(catalog),
                new TokenStoreCalls(catalog),
                new DelegationTokenCalls(catalog, tokens),
                new HplSqlCalls(catalog, hplSql),
                new TypeCalls(catalog),
                new SchemaRegistryCalls(catalog),
                new WorkloadManagementCalls(catalog),
                new PartitionEventCalls(catalog)));
        // Without a reader the expression listings stay unknown methods: Hive's engine then falls back to the
        // filter calls, which a MetaException would stop.
        expressions.ifPresent(reader -> areas.add(new PartitionExpressionCalls(catalog, byExpression)));
        return HmsDispatcher.of(areas, new CallLimits(limits), replies);
    }

    /** The Thrift processor of a handler from {@link #handler}: methods no area serves are unknown to it. */
    public static HmsProcessor processor(HmsIface handler) {
        return new HmsProcessor(handler, Set.copyOf(HmsDispatcher.servedMethods(handler)));
    }

    /** The settings a gateway reports when nothing overrides them. */
    public static FacadeSettings defaultSettings(Warehouse warehouse) {
        return FacadeSettings.of(warehouse.root(), HmsApiVersions.base().version());
    }
}
