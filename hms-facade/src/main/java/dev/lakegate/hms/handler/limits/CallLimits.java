package dev.lakegate.hms.handler.limits;

import static java.util.Objects.requireNonNull;

import dev.lakegate.translator.error.HmsFailure;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.CreateDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DeleteColumnStatisticsRequest;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionWithoutSD;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TruncateTableRequest;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;

/**
 * The {@link Limits} checked on a call's arguments before any of its work starts, by the dispatcher: one
 * walk over the Thrift structs it carries, whatever the method, so that a database, table or partition
 * is bounded the same way in every call that writes one (create, alter, the request forms, a table
 * inside a constraints request…). A call over a limit is a {@link HmsFailure} (the method's
 * MetaException, as HMS answers when its store refuses a value too long for its column) naming the limit
 * and its value. Lookups by name are not bounded: a name too long to exist finds nothing, as in HMS.
 */
public final class CallLimits {

    /** Top-level arguments that are lists of partition names, by method: the index of the argument. */
    private static final Map<String, Integer> PARTITION_NAME_ARGUMENTS = Map.of(
            "get_partitions_by_names", 2,
            "truncate_table", 2);

    private static final Set<String> PARTITION_NAME_FIELDS = Set.of("names", "exprs", "partNames");

    private final Limits limits;

    public CallLimits(Limits limits) {
        this.limits = requireNonNull(limits, "limits is null");
    }

    public Limits limits() {
        return limits;
    }

    /** Refuses the call of {@code method} with these arguments if it exceeds a limit. */
    public void check(String method, Object[] arguments) {
        if (arguments == null) {
            return;
        }
        Walk walk = new Walk();
        Integer names = PARTITION_NAME_ARGUMENTS.get(method);
        if (names != null && names < arguments.length && arguments[names] instanceof List<?> list) {
            walk.partitions(list.size());
        }
        for (Object argument : arguments) {
            walk.value(null, "", argument);
        }
    }

    /** One call's walk: it counts the partitions the call carries, in every form. */
    private final class Walk {

        private long partitions;

        void value(Class<?> owner, String field, Object value) {
            if (value instanceof TBase<?, ?> struct) {
                struct(struct);
            } else if (value instanceof List<?> list) {
                list(owner, field, list);
            } else if (value instanceof Map<?, ?> map && field.equals("parameters")) {
                parameters(owner, map);
            } else if (value instanceof String text) {
                string(owner, field, text);
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private void struct(TBase struct) {
            Class type = struct.getClass();
            if (type == Partition.class || type == PartitionWithoutSD.class) {
                partitions(1);
            }
            Map<? extends TFieldIdEnum, FieldMetaData> fields = FieldMetaData.getStructMetaDataMap(type);
            for (TFieldIdEnum field : fields.keySet()) {
                if (struct.isSet(field)) {
                    value(type, field.getFieldName(), struct.getFieldValue(field));
                }
            }
        }

        private void list(Class<?> owner, String field, List<?> list) {
            if (owner == StorageDescriptor.class && field.equals("cols")) {
                bound(Limit.COLUMNS, list.size(), "the columns of a table or partition");
            } else if (owner == Table.class && field.equals("partitionKeys")) {
                bound(Limit.PARTITION_KEYS, list.size(), "the partition keys of a table");
                for (Object key : list) {
                    if (key instanceof FieldSchema schema && schema.getName() != null) {
                        length(Limit.NAME_LENGTH, schema.getName(), "the name of a partition key");
                    }
                }
            } else if ((owner == Partition.class || owner == PartitionWithoutSD.class) && field.equals("values")) {
                bound(Limit.PARTITION_VALUES, list.size(), "the values of a partition");
            } else if (PARTITION_NAME_FIELDS.contains(field)
                    && (owner == RequestPartsSpec.class
                            || owner == GetPartitionsByNamesRequest.class
                            || owner == TruncateTableRequest.class
                            || owner == PartitionsStatsRequest.class)) {
                partitions(list.size());
            } else if (owner == DeleteColumnStatisticsRequest.class && field.equals("part_names")) {
                // Hive 4.1's bulk delete names its partitions; none named is every partition, one call.
                partitions(list.size());
            } else if (owner == SetPartitionsStatsRequest.class && field.equals("colStats")) {
                // set_aggr_stats_for: one entry per partition (a table's are one entry).
                partitions(list.size());
            }
            if (!list.isEmpty() && list.get(0) instanceof TBase<?, ?>) {
                for (Object element : list) {
                    value(owner, field, element);
                }
            }
        }

        private void parameters(Class<?> owner, Map<?, ?> parameters) {
            String of = "the parameters of a " + owner.getSimpleName();
            bound(Limit.PARAMETERS, parameters.size(), of);
            for (Map.Entry<?, ?> parameter : parameters.entrySet()) {
                if (parameter.getKey() instanceof String key) {
                    length(Limit.PARAMETER_KEY_LENGTH, key, "a key of " + of);
                    if (parameter.getValue() instanceof String value) {
                        length(Limit.PARAMETER_VALUE_LENGTH, value, "the value of " + shown(key) + " in " + of);
                    }
                }
            }
        }

        private void string(Class<?> owner, String field, String text) {
            // Hive 4's clients create a database with CreateDatabaseRequest, its fields spelt out.
            if (owner == Database.class || owner == CreateDatabaseRequest.class) {
                if (field.equals("name") || field.equals("databaseName")) {
                    length(Limit.NAME_LENGTH, text, "the name of a database");
                } else if (field.equals("description")) {
                    length(Limit.DESCRIPTION_LENGTH, text, "the description of a database");
                }
            } else if (owner == Table.class || owner == Partition.class) {
                if (field.equals("tableName")) {
                    length(Limit.NAME_LENGTH, text, "the name of a table");
                } else if (field.equals("dbName")) {
                    length(Limit.NAME_LENGTH, text, "the name of a database");
                }
            } else if (owner == FieldSchema.class) {
                if (field.equals("name")) {
                    length(Limit.COLUMN_NAME_LENGTH, text, "the name of a column");
                } else if (field.equals("comment")) {
                    length(Limit.COMMENT_LENGTH, text, "the comment of a column");
                }
            }
        }

        void partitions(long count) {
            partitions += count;
            int limit = limits.get(Limit.PARTITIONS_PER_CALL);
            if (partitions > limit) {
                // Counted as the walk goes, so that a call of a million partitions is refused at the first
                // one too many.
                throw refusal(Limit.PARTITIONS_PER_CALL, "the call carries more than " + limit + " partitions");
            }
        }

        private void length(Limit limit, String text, String what) {
            if (text.length() > limits.get(limit)) {
                throw refusal(limit, what + " has " + text.length() + " characters");
            }
        }

        private void bound(Limit limit, long count, String what) {
            if (count > limits.get(limit)) {
                throw refusal(limit, what + " number " + count);
            }
        }

        private HmsFailure refusal(Limit limit, String found) {
            return HmsFailure.meta(found + "; the limit " + limit.setting() + " is " + limits.get(limit)
                    + " (lakegate serve --limit " + limit.setting() + "=N)");
        }
    }

    /** A key as a message shows it: quoted, and cut if long (it may itself be over its limit). */
    private static String shown(String key) {
        return "'" + (key.length() > 64 ? key.substring(0, 64) + "…" : key) + "'";
    }
}
