package dev.lakegate.hms.idl;

import com.facebook.fb303.FacebookService;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The HMS releases whose clients Lakegate serves, and the union of their Thrift method names.
 *
 * <p>The releases and their versions come from the build ({@code hms-api-versions.properties},
 * filtered from the root POM). The method sets are read from the process maps of
 * {@link HmsProcessor}, never listed by hand; the tests compare them with each release's own
 * {@code ThriftHiveMetastore$Processor}.
 */
public final class HmsApiVersions {

    /** One HMS release: its version and the Maven artifact that publishes its Thrift API classes. */
    public record Release(String version, String artifact) {
        /** "2.3", "3.1", "4.0", "4.1": the release line, as people name HMS versions. */
        public String line() {
            String[] parts = version.split("\\.");
            return parts[0] + "." + parts[1];
        }
    }

    private static final String RESOURCE = "hms-api-versions.properties";

    private HmsApiVersions() {}

    /** The served releases, oldest first. */
    public static List<Release> served() {
        return Config.SERVED;
    }

    /** The release whose API classes thrift-idl is built on. */
    public static Release base() {
        return Config.BASE;
    }

    /**
     * The union of the {@code ThriftHiveMetastore} methods of all served releases, sorted; fb303's
     * {@code FacebookService} methods, which every release inherits, are not counted.
     */
    public static Set<String> methods() {
        return Methods.UNION;
    }

    /** fb303's {@code FacebookService} methods, which every release's processor also dispatches. */
    public static Set<String> fb303Methods() {
        return Methods.FB303;
    }

    /** Every method name {@link HmsProcessor} dispatches: {@link #methods()} and {@link #fb303Methods()}. */
    public static Set<String> dispatchedMethods() {
        return Methods.DISPATCHED;
    }

    /** The methods the base release lacks, each with the release its classes were taken from. */
    public static Map<String, Release> legacyMethods() {
        return Config.LEGACY;
    }

    private static final class Config {
        static final List<Release> SERVED;
        static final Release BASE;
        static final Map<String, Release> LEGACY;

        static {
            Properties p = new Properties();
            try (InputStream in = HmsApiVersions.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing from the classpath");
                }
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<Release> served = new ArrayList<>();
            for (String version : p.getProperty("releases").split(",")) {
                served.add(new Release(version, required(p, "artifact." + version)));
            }
            SERVED = List.copyOf(served);
            String base = required(p, "base");
            BASE = served.stream()
                    .filter(r -> r.version().equals(base))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("base " + base + " is not a served release"));
            Map<String, Release> legacy = new TreeMap<>();
            for (Release release : served) {
                String names = p.getProperty("legacy." + release.version());
                if (names != null) {
                    Arrays.stream(names.split(",")).forEach(name -> legacy.put(name.trim(), release));
                }
            }
            LEGACY = Collections.unmodifiableMap(legacy);
        }

        private static String required(Properties p, String key) {
            String value = p.getProperty(key);
            if (value == null || value.isBlank() || value.contains("${")) {
                throw new IllegalStateException(RESOURCE + ": " + key + " is unset or unfiltered");
            }
            return value.trim();
        }
    }

    private static final class Methods {
        static final Set<String> DISPATCHED;
        static final Set<String> FB303;
        static final Set<String> UNION;

        static {
            // Building a processor calls no handler method: a handler that is never called is enough.
            HmsIface none = (HmsIface) Proxy.newProxyInstance(
                    HmsIface.class.getClassLoader(), new Class<?>[] {HmsIface.class}, (proxy, method, args) -> {
                        throw new UnsupportedOperationException(method.getName());
                    });
            DISPATCHED = Collections.unmodifiableSet(
                    new TreeSet<>(new HmsProcessor(none).getProcessMapView().keySet()));
            FB303 = Collections.unmodifiableSet(new TreeSet<>(new FacebookService.Processor<FacebookService.Iface>(none)
                    .getProcessMapView()
                    .keySet()));
            TreeSet<String> union = new TreeSet<>(DISPATCHED);
            union.removeAll(FB303);
            UNION = Collections.unmodifiableSet(union);
        }
    }
}
