package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import com.facebook.fb303.fb_status;
import dev.lakegate.hms.server.ConnectionContext;
import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.ConfigValSecurityException;
import org.apache.hadoop.hive.metastore.api.MetaException;

/**
 * The calls every client makes before any metadata: who it is ({@code set_ugi}), configuration
 * reads, and fb303's liveness calls. {@code shutdown} is accepted and ignored: one client must not
 * stop a gateway that serves many.
 */
public final class ConnectionCalls {

    /** HMS lets clients read only these configuration keys. */
    private static final Pattern READABLE_CONFIG = Pattern.compile("(hive|hdfs|mapred|metastore).*");

    private final FacadeSettings settings;
    private final long startedSeconds;
    private final Map<String, String> options = new ConcurrentHashMap<>();

    public ConnectionCalls(FacadeSettings settings, long startedSeconds) {
        this.settings = requireNonNull(settings, "settings is null");
        this.startedSeconds = startedSeconds;
    }

    /** HMS answers with the groups followed by the user name. */
    public List<String> set_ugi(String userName, List<String> groupNames) {
        List<String> groups = groupNames == null
                ? List.of()
                : groupNames.stream().filter(group -> group != null).toList();
        ConnectionContext.current().setUser(userName, groups);
        List<String> answer = new ArrayList<>(groupNames == null ? List.of() : groupNames);
        answer.add(userName);
        return answer;
    }

    public String get_config_value(String name, String defaultValue) throws ConfigValSecurityException {
        if (name == null || !READABLE_CONFIG.matcher(name).matches()) {
            throw new ConfigValSecurityException(
                    "For security reasons, the config key " + name + " cannot be accessed");
        }
        return settings.configValue(name).orElse(defaultValue);
    }

    public String getMetaConf(String key) throws MetaException {
        return settings.metaConf(key).orElseThrow(() -> HmsFailure.meta("Invalid configuration key " + key));
    }

    public void setMetaConf(String key, String value) throws MetaException {
        // Meta configuration tunes the HMS's own store (direct SQL and the like); Lakegate has no such
        // knobs, so a known key is accepted and has no effect, as a no-op change would have.
        getMetaConf(key);
    }

    public String getName() {
        return "hive metastore";
    }

    public String getVersion() {
        return settings.reportedVersion();
    }

    public fb_status getStatus() {
        return fb_status.ALIVE;
    }

    public String getStatusDetails() {
        return "ALIVE";
    }

    public Map<String, Long> getCounters() {
        return Map.of();
    }

    public long getCounter(String key) {
        return 0;
    }

    public void setOption(String key, String value) {
        options.put(key, value);
    }

    public String getOption(String key) {
        return options.getOrDefault(key, "");
    }

    public Map<String, String> getOptions() {
        return Map.copyOf(options);
    }

    public String getCpuProfile(int profileDurationInSec) {
        return "";
    }

    public long aliveSince() {
        return startedSeconds;
    }

    public void reinitialize() {
        // nothing to reload: configuration is fixed at start
    }

    public void shutdown() {
        // deliberately ignored, see the class comment
    }
}
