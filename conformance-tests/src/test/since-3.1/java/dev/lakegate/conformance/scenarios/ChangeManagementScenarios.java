package dev.lakegate.conformance.scenarios;

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

    @Test
    void aPathHadoopCannotReadIsRefused() {
        Outcome empty = outcome(c -> c.recycleDirToCmPath(new CmRecycleRequest("", false)));
        assertUndeclared(empty, "cm_recycle", "MetaException", "Can not create a Path from an empty string");
    }
}
