package dev.lakegate.hms.idl;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;

/** The method sets of the served releases, from each release's own processor, against ours. */
class MethodSetTest {

    /** ThriftHiveMetastore methods per release, fb303's 13 not counted, as found in their jars. */
    private static final Map<String, Integer> SIZES = new LinkedHashMap<>();

    static {
        SIZES.put("2.3.10", 154);
        SIZES.put("3.1.3", 207);
        SIZES.put("4.0.0", 276);
        SIZES.put("4.0.1", 280);
        SIZES.put("4.1.0", 283);
    }

    @Test
    void eachReleaseHasTheSizeFound() {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        for (ReferenceRelease r : ReferenceRelease.all()) {
            Set<String> service = new TreeSet<>(r.processMap());
            service.removeAll(HmsApiVersions.fb303Methods());
            // The processor map is the Iface's own methods plus fb303's: nothing else dispatches.
            assertThat(service).as(r.toString()).isEqualTo(r.serviceMethods());
            sizes.put(r.release.version(), service.size());
        }
        assertThat(sizes).isEqualTo(SIZES);
    }

    @Test
    void unionIsExactlyTheReleasesMethods() {
        Set<String> union = new TreeSet<>();
        Set<String> dispatched = new TreeSet<>();
        for (ReferenceRelease r : ReferenceRelease.all()) {
            union.addAll(r.serviceMethods());
            dispatched.addAll(r.processMap());
        }
        assertThat(HmsApiVersions.methods()).hasSize(294).isEqualTo(union);
        assertThat(HmsApiVersions.fb303Methods()).hasSize(13);
        assertThat(HmsApiVersions.dispatchedMethods()).hasSize(307).isEqualTo(dispatched);
    }

    @Test
    void designNumbersHoldFor23And31And401() {
        // The first design note's 288 is the union of 2.3, 3.1 and 4.0.1; 4.0.0's three *_dataconnector methods
        // (gone in 4.0.1) and 4.1.0's three new *_req methods make 294.
        Set<String> union = new TreeSet<>();
        for (String v : new String[] {"2.3.10", "3.1.3", "4.0.1"}) {
            union.addAll(ReferenceRelease.of(v).serviceMethods());
        }
        assertThat(union).hasSize(288);
    }

    @Test
    void everyMethodOfEveryReleaseDispatches() {
        Set<String> ours =
                new HmsProcessor(new TestHandler().iface()).getProcessMapView().keySet();
        for (ReferenceRelease r : ReferenceRelease.all()) {
            assertThat(ours).as(r.toString()).containsAll(r.processMap());
        }
    }

    @Test
    void legacyMethodsAreWhatTheBaseLacks() {
        Set<String> base = ReferenceRelease.of(HmsApiVersions.base()).processMap();
        Set<String> missing = new TreeSet<>(HmsApiVersions.dispatchedMethods());
        missing.removeAll(base);
        assertThat(missing)
                .isEqualTo(HmsApiVersions.legacyMethods().keySet())
                .isEqualTo(new TreeSet<>(LegacyMethods.names()))
                .isEqualTo(Arrays.stream(LegacyIface.class.getDeclaredMethods())
                        .map(Method::getName)
                        .collect(Collectors.toCollection(TreeSet::new)))
                .containsExactlyInAnyOrder(
                        "get_table",
                        "get_table_objects_by_name",
                        "create_dataconnector",
                        "alter_dataconnector",
                        "drop_dataconnector",
                        "add_index",
                        "alter_index",
                        "drop_index_by_name",
                        "get_index_by_name",
                        "get_index_names",
                        "get_indexes");
        // Our base classes are the base release's: the same Iface.
        Set<String> baseIface = Arrays.stream(ThriftHiveMetastore.Iface.class.getDeclaredMethods())
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(baseIface)
                .isEqualTo(ReferenceRelease.of(HmsApiVersions.base()).serviceMethods());
    }

    @Test
    void legacySignaturesAreThoseOfTheirSourceRelease() {
        HmsApiVersions.legacyMethods().forEach((name, release) -> {
            Method old = ReferenceRelease.of(release).ifaceMethod(name);
            Method ours = Arrays.stream(LegacyIface.class.getMethods())
                    .filter(m -> m.getName().equals(name))
                    .findFirst()
                    .orElseThrow();
            assertThat(ours.getGenericReturnType().getTypeName())
                    .as(name)
                    .isEqualTo(old.getGenericReturnType().getTypeName());
            assertThat(Arrays.stream(ours.getGenericParameterTypes())
                            .map(t -> t.getTypeName())
                            .toList())
                    .as(name)
                    .isEqualTo(Arrays.stream(old.getGenericParameterTypes())
                            .map(t -> t.getTypeName())
                            .toList());
            assertThat(Arrays.stream(ours.getExceptionTypes())
                            .map(Class::getName)
                            .collect(Collectors.toSet()))
                    .as(name)
                    .isEqualTo(Arrays.stream(old.getExceptionTypes())
                            .map(Class::getName)
                            .collect(Collectors.toSet()));
            // Newest release that has it, except get_table_objects_by_name (see LegacyIface).
            assertThat(ReferenceRelease.of(release).processMap()).contains(name);
        });
    }

    @Test
    void releasesAreTheBuildsVersions() {
        assertThat(HmsApiVersions.served())
                .extracting(HmsApiVersions.Release::version)
                .containsExactly("2.3.10", "3.1.3", "4.0.0", "4.0.1", "4.1.0");
        assertThat(HmsApiVersions.served())
                .extracting(HmsApiVersions.Release::line)
                .containsExactly("2.3", "3.1", "4.0", "4.0", "4.1");
        assertThat(HmsApiVersions.base().version()).isEqualTo("4.1.0");
        assertThat(HmsApiVersions.base().artifact())
                .isEqualTo("org.apache.hive:hive-standalone-metastore-common:4.1.0");
    }
}
