package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import org.apache.hadoop.hive.metastore.api.CmRecycleRequest;
import org.junit.jupiter.api.Test;

/**
 * cm_recycle (Hive 3+): HMS moves a directory's files into its change-management root only with change
 * management on ({@code hive.repl.cm.enabled}, off by default, as the suite runs HMS); off, it reads the
 * path as Hadoop does and changes nothing, which is how Lakegate, keeping no such root, answers too.
 */
public abstract class ChangeManagementScenarios extends ScenarioSupport {

    @Test
    void withChangeManagementOffARecycleAnswersAndChangesNothing() throws Exception {
        String db = newDatabase("cm");
        String location = direct.getDatabase(db).getLocationUri();
        succeeded(outcome(c -> c.recycleDirToCmPath(new CmRecycleRequest(location, true))));
        succeeded(outcome(c -> c.recycleDirToCmPath(new CmRecycleRequest("file:/tmp/" + unique("cm"), false))));
        succeeded(outcome(c -> c.getDatabase(db)));
    }

    /** HMS throws Hadoop's refusal undeclared (Deviation DECLARED_NOT_INTERNAL_ERROR on Lakegate). */
    @Test
    void aPathHadoopCannotReadIsRefused() {
        Outcome empty = outcome(c -> c.recycleDirToCmPath(new CmRecycleRequest("", false)));
        if (onLakegate()) {
            assertFails(empty, "MetaException", "Can not create a Path from an empty string");
        } else if (Reference.hive4()) {
            assertFails(empty, "TApplicationException", "Internal error processing cm_recycle");
        } else {
            // Hadoop's IllegalArgumentException escapes HMS 3.1.3's processor, which closes the connection.
            assertThat(empty.exceptionType()).as(empty.toString()).isEqualTo("TTransportException");
        }
    }
}
