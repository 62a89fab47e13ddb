package dev.lakegate.expressions.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.expressions.ExpressionException;
import dev.lakegate.expressions.PartitionExpressions.PartitionKey;
import dev.lakegate.expressions.PartitionExpressions.PrunedNames;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeConstantDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.udf.UDFSubstr;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFBridge;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPAnd;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqual;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPGreaterThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNull;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.junit.jupiter.api.Test;

/** Expressions serialized as Hive 4.0.1's client serializes them, read back through the reader. */
class HivePartitionExpressionsTest {

    private static final String DEFAULT = "__HIVE_DEFAULT_PARTITION__";
    private static final List<PartitionKey> KEYS =
            List.of(new PartitionKey("ds", "string"), new PartitionKey("hr", "int"));

    private final HivePartitionExpressions reader = new HivePartitionExpressions();

    @Test
    void comparisonsOfKeysReadAsHmsFilterText() {
        byte[] expression = serialize(call(
                new GenericUDFOPAnd(),
                call(new GenericUDFOPEqual(), column("ds", TypeInfoFactory.stringTypeInfo), constant("2024-01-02")),
                call(new GenericUDFOPGreaterThan(), column("hr", TypeInfoFactory.intTypeInfo), constant(5))));

        assertThat(reader.toFilter(expression, DEFAULT)).isEqualTo("((ds = '2024-01-02') and (hr > 5))");
    }

    @Test
    void aNullTestReadsAsATestForTheDefaultPartition() {
        byte[] expression = serialize(call(new GenericUDFOPNull(), column("ds", TypeInfoFactory.stringTypeInfo)));

        assertThat(reader.toFilter(expression, DEFAULT)).contains(DEFAULT);
    }

    @Test
    void aFunctionOfAKeyIsEvaluatedOnEachPartitionName() {
        GenericUDFBridge substr = new GenericUDFBridge("substr", false, UDFSubstr.class.getName());
        byte[] expression = serialize(call(
                new GenericUDFOPEqual(),
                call(substr, column("ds", TypeInfoFactory.stringTypeInfo), constant(1), constant(7)),
                constant("2024-01")));

        PrunedNames pruned = reader.prune(
                KEYS, expression, DEFAULT, List.of("ds=2023-12-31/hr=1", "ds=2024-01-02/hr=1", "ds=2024-01-03/hr=7"));

        assertThat(pruned).isEqualTo(new PrunedNames(List.of("ds=2024-01-02/hr=1", "ds=2024-01-03/hr=7"), false));
    }

    /**
     * A value of an int key that is no number makes the comparison null: HMS keeps that partition and says
     * some were unknown; the default partition (a null key) it drops when undecided.
     */
    @Test
    void aPartitionTheExpressionCannotDecideIsKeptAsUnknownButNotTheDefaultOne() {
        byte[] expression =
                serialize(call(new GenericUDFOPGreaterThan(), column("hr", TypeInfoFactory.intTypeInfo), constant(5)));

        PrunedNames pruned = reader.prune(
                KEYS, expression, DEFAULT, List.of("ds=a/hr=3", "ds=a/hr=7", "ds=a/hr=x", "ds=a/hr=" + DEFAULT));

        assertThat(pruned).isEqualTo(new PrunedNames(List.of("ds=a/hr=7", "ds=a/hr=x"), true));
    }

    @Test
    void bytesThatAreNoExpressionAreRefused() {
        byte[] garbage = {1, 2, 3, 4, 5, 6, 7, 8};

        assertThatThrownBy(() -> reader.toFilter(garbage, DEFAULT)).isInstanceOf(ExpressionException.class);
        assertThatThrownBy(() -> reader.prune(KEYS, garbage, DEFAULT, List.of("ds=a/hr=1")))
                .isInstanceOf(ExpressionException.class);
    }

    private static ExprNodeDesc column(String name, TypeInfo type) {
        return new ExprNodeColumnDesc(type, name, "t", true);
    }

    private static ExprNodeDesc constant(Object value) {
        return new ExprNodeConstantDesc(value);
    }

    private static ExprNodeGenericFuncDesc call(GenericUDF function, ExprNodeDesc... arguments) {
        try {
            return ExprNodeGenericFuncDesc.newInstance(function, new ArrayList<>(List.of(arguments)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] serialize(ExprNodeGenericFuncDesc expression) {
        return SerializationUtilities.serializeObjectWithTypeInformation(expression);
    }
}
