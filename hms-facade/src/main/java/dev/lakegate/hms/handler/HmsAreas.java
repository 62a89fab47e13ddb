package dev.lakegate.hms.handler;

import dev.lakegate.hms.handler.limits.CallLimits;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.idl.HmsApiVersions;
import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Every area of the HMS API that the facade serves, wired to one catalog and one warehouse. */
public final class HmsAreas {

    private HmsAreas() {}

    public static HmsIface handler(CatalogCalls catalog, Warehouse warehouse, FacadeSettings settings) {
        return handler(catalog, warehouse, settings, Limits.DEFAULTS, ReplyBudget.of(Limits.DEFAULTS));
    }

    /**
     * The handler whose calls are bounded by {@code limits}, checked before any work by the dispatcher,
     * and hold catalog answers within {@code replies}.
     */
    public static HmsIface handler(
            CatalogCalls catalog, Warehouse warehouse, FacadeSettings settings, Limits limits, ReplyBudget replies) {
        TableCalls tables = new TableCalls(catalog, warehouse, limits.filters());
        return HmsDispatcher.of(
                List.of(
                        new ConnectionCalls(settings, Instant.now().getEpochSecond()),
                        new DatabaseCalls(catalog, warehouse),
                        tables,
                        new SchemaCalls(tables),
                        new PartitionCalls(catalog, warehouse, limits.filters()),
                        new StatisticsCalls(catalog),
                        new ConstraintCalls(catalog),
                        new FunctionCalls(catalog),
                        new LockCalls(catalog, settings),
                        new NotificationCalls(catalog, settings),
                        new TranslationCalls(catalog, warehouse),
                        new MetastoreCalls(catalog),
                        new PartitionValueCalls(catalog, limits.filters()),
                        new RuntimeStatisticsCalls(catalog),
                        new ExchangeCalls(catalog, warehouse)),
                new CallLimits(limits),
                replies);
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
