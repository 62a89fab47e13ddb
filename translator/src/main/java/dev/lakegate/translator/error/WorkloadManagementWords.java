package dev.lakegate.translator.error;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/**
 * HMS 4.0.1's words for refusals of workload management (its ObjectStore's and handler's): resource
 * plans, their pools, triggers and mappings. Where the store throws an exception the Thrift method does
 * not declare (InvalidOperationException out of a pool's create), HMS's processor answers an internal
 * error; here the best declared type carries HMS's message.
 */
public final class WorkloadManagementWords {

    private WorkloadManagementWords() {}

    public static HmsFailure planNameEmpty() {
        return HmsFailure.of("Resource name cannot be empty.", InvalidObjectException.class, MetaException.class);
    }

    public static HmsFailure planParallelismNotPositive() {
        return HmsFailure.of(
                "Query parallelism should be positive.", InvalidObjectException.class, MetaException.class);
    }

    public static HmsFailure planExists() {
        return HmsFailure.of("Resource plan already exists: ", AlreadyExistsException.class, MetaException.class);
    }

    public static HmsFailure planNameTaken() {
        return HmsFailure.of(
                "Resource plan name should be unique: ", AlreadyExistsException.class, MetaException.class);
    }

    /** A plan that a read, an edit or a drop names and that does not exist in that namespace. */
    public static HmsFailure noPlan(String name, String ns) {
        return HmsFailure.of(
                "There is no resource plan named: " + name + " in " + ns,
                NoSuchObjectException.class,
                MetaException.class);
    }

    public static HmsFailure noPlanToValidate(String name, String ns) {
        return HmsFailure.of(
                "Cannot find resourcePlan: " + name + " in " + ns, NoSuchObjectException.class, MetaException.class);
    }

    public static HmsFailure notDisabled() {
        return HmsFailure.invalidOperation("Resource plan must be disabled to edit it.");
    }

    public static HmsFailure multipleFlags() {
        return HmsFailure.meta("Invalid request; multiple flags are set");
    }

    public static HmsFailure replaceWithoutSource() {
        return HmsFailure.invalidOperation("Cannot replace without specifying the source plan");
    }

    public static HmsFailure nsChange(String from, String to) {
        return HmsFailure.invalidOperation("Cannot change ns; from " + from + " to " + to);
    }

    public static HmsFailure valuesDuringSwitch() {
        return HmsFailure.invalidOperation("Cannot change values during status switch.");
    }

    public static HmsFailure renameToEmpty() {
        return HmsFailure.invalidOperation("Cannot rename to empty value.");
    }

    public static HmsFailure alterParallelismNotPositive() {
        return HmsFailure.invalidOperation("queryParallelism should be positive.");
    }

    public static HmsFailure valuesDuringReplace() {
        return HmsFailure.invalidOperation("Cannot change values during replace.");
    }

    public static HmsFailure replaceNeedsOneTarget(String name, Object status) {
        return HmsFailure.invalidOperation("Must specify a name, or the active plan; received " + name + ", " + status);
    }

    public static HmsFailure replaceWithoutName() {
        return HmsFailure.invalidOperation("Invalid replace - no name specified");
    }

    public static HmsFailure replaceItself() {
        return HmsFailure.invalidOperation("A plan cannot replace itself");
    }

    public static HmsFailure invalidStatus(String status) {
        return HmsFailure.invalidOperation("Invalid status: " + status);
    }

    public static HmsFailure activeCannotChange(String name) {
        return HmsFailure.invalidOperation(
                "Resource plan " + name + " is active; activate another plan first, or disable workload management.");
    }

    public static HmsFailure disabledCannotActivate(String name) {
        return HmsFailure.invalidOperation("Resource plan " + name
                + " is disabled and should be enabled before activation (or in the same command)");
    }

    public static HmsFailure invalidPlan(String name, List<String> errors) {
        return HmsFailure.invalidOperation("ResourcePlan: " + name + " is invalid: " + errors);
    }

    public static HmsFailure dropActive() {
        return HmsFailure.meta("Cannot drop an active resource plan");
    }

    public static HmsFailure triggerExists() {
        return HmsFailure.of("Trigger already exists, use alter: ", AlreadyExistsException.class, MetaException.class);
    }

    public static HmsFailure noTrigger(String name) {
        return HmsFailure.of(
                "Cannot find trigger with name: " + name, NoSuchObjectException.class, MetaException.class);
    }

    public static HmsFailure noTriggerToDrop(String name) {
        return HmsFailure.of("Cannot delete trigger: " + name, NoSuchObjectException.class, MetaException.class);
    }

    public static HmsFailure poolParentMissing() {
        return HmsFailure.of(
                "Pool path is invalid, the parent does not exist", NoSuchObjectException.class, MetaException.class);
    }

    public static HmsFailure invalidPolicy(String policy) {
        return HmsFailure.invalidOperation("Invalid scheduling policy " + policy);
    }

    public static HmsFailure poolExists() {
        return HmsFailure.of("Pool already exists: ", AlreadyExistsException.class, MetaException.class);
    }

    public static HmsFailure noPool(String path) {
        return HmsFailure.of("Cannot find pool: " + path, NoSuchObjectException.class, MetaException.class);
    }

    public static HmsFailure noPoolToDrop(String path) {
        return HmsFailure.of("Cannot delete pool: " + path, NoSuchObjectException.class, MetaException.class);
    }

    public static HmsFailure dropDefaultPool() {
        return HmsFailure.invalidOperation("Cannot drop default pool of a resource plan");
    }

    public static HmsFailure dropPoolWithChildren() {
        return HmsFailure.invalidOperation("Cannot drop a pool that has child pools");
    }

    public static HmsFailure dropPoolWithMappings() {
        return HmsFailure.invalidOperation("Please remove all mappings for this pool.");
    }

    public static HmsFailure noMappingToDrop() {
        return HmsFailure.of("Cannot delete mapping.", NoSuchObjectException.class, MetaException.class);
    }

    /** An entity type that is none of USER, GROUP, APPLICATION (HMS: the enum's own words). */
    public static HmsFailure unknownEntityType(String type) {
        return HmsFailure.meta("No enum constant org.apache.hadoop.hive.metastore.model.MWMMapping.EntityType." + type);
    }

    /**
     * A mapping created twice. HMS's store has no check of its own: its table's unique key fails the insert,
     * a MetaException with the store's text (conformance deviation SAYS_WHICH_MAPPING_EXISTS).
     */
    public static HmsFailure mappingExists(String type, String entity) {
        return HmsFailure.meta("Mapping already exists: " + type + " " + entity);
    }

    /** An update of a mapping that does not exist: HMS's store fails on it with an internal error. */
    public static HmsFailure noMappingToUpdate() {
        return HmsFailure.meta("Cannot find mapping to update.");
    }
}
