package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.OpaqueObject;
import dev.lakegate.catalog.server.model.OpaqueObjectPage;
import dev.lakegate.catalog.server.model.OpaqueObjectWrite;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Opaque objects on a real store: bodies kept byte for byte, versions, conditional writes, batches
 * applied all or none, prefix listings in pages, and writers racing to create one key.
 */
abstract class OpaqueObjectTest extends ServiceOnScratchStore {

    @Test
    void aBodyComesBackByteForByteAndEachWriteMovesTheVersionOn() {
        byte[] body = {0, 1, (byte) 0xff, 42, 0};
        OpaqueObject created = write(put("plan", "hive/a", body, OptionalLong.of(0)));
        assertThat(created.version()).isEqualTo(1);
        OpaqueObject read = catalog.getOpaqueObject("plan", "hive/a");
        assertThat(read.body()).isEqualTo(body);
        assertThat(read.version()).isEqualTo(1);

        OpaqueObject replaced = write(put("plan", "hive/a", text("two"), OptionalLong.of(1)));
        assertThat(replaced.version()).isEqualTo(2);
        assertThat(catalog.getOpaqueObject("plan", "hive/a").body()).isEqualTo(text("two"));
        assertThat(write(put("plan", "hive/a", text("three"), OptionalLong.empty()))
                        .version())
                .isEqualTo(3);

        OpaqueObject deleted = write(delete("plan", "hive/a", OptionalLong.of(3)));
        assertThat(deleted.version()).isEqualTo(3);
        assertCatalogError(ErrorCode.OPAQUE_OBJECT_NOT_FOUND, () -> catalog.getOpaqueObject("plan", "hive/a"));
    }

    @Test
    void aWriteAtAnotherVersionIsRefusedWithTheReasonOfItsState() {
        write(put("schema", "k1", text("v1"), OptionalLong.of(0)));
        assertCatalogError(
                ErrorCode.OPAQUE_OBJECT_ALREADY_EXISTS,
                () -> write(put("schema", "k1", text("x"), OptionalLong.of(0))));
        assertCatalogError(
                ErrorCode.OPAQUE_OBJECT_CHANGED, () -> write(put("schema", "k1", text("x"), OptionalLong.of(7))));
        assertCatalogError(
                ErrorCode.OPAQUE_OBJECT_NOT_FOUND, () -> write(put("schema", "k2", text("x"), OptionalLong.of(1))));
        assertCatalogError(
                ErrorCode.OPAQUE_OBJECT_NOT_FOUND, () -> write(delete("schema", "k2", OptionalLong.empty())));
        assertThat(catalog.getOpaqueObject("schema", "k1").body()).isEqualTo(text("v1"));
        assertCatalogError(ErrorCode.OPAQUE_OBJECT_NOT_FOUND, () -> catalog.getOpaqueObject("schema", "k2"));
    }

    @Test
    void aBatchIsAppliedWholeOrNotAtAll() {
        write(put("pool", "p/a", text("a"), OptionalLong.of(0)));
        assertCatalogError(
                ErrorCode.OPAQUE_OBJECT_ALREADY_EXISTS,
                () -> catalog.writeOpaqueObjects(List.of(
                        put("pool", "p/b", text("b"), OptionalLong.of(0)),
                        delete("pool", "p/a", OptionalLong.of(1)),
                        put("pool", "p/b", text("b again"), OptionalLong.of(0)))));
        assertThat(catalog.getOpaqueObject("pool", "p/a").body()).isEqualTo(text("a"));
        assertCatalogError(ErrorCode.OPAQUE_OBJECT_NOT_FOUND, () -> catalog.getOpaqueObject("pool", "p/b"));

        List<OpaqueObject> after = catalog.writeOpaqueObjects(List.of(
                put("pool", "p/b", text("b"), OptionalLong.of(0)),
                delete("pool", "p/a", OptionalLong.of(1)),
                put("pool", "p/a", text("again"), OptionalLong.of(0))));
        assertThat(after).extracting(OpaqueObject::version).containsExactly(1L, 1L, 1L);
        assertThat(catalog.getOpaqueObject("pool", "p/a").body()).isEqualTo(text("again"));
    }

    @Test
    void aListingTakesOneKindAndPrefixInKeyOrderPageByPage() {
        for (String key : List.of("cat/db/b", "cat/db/a", "cat/db%/x", "cat/db_/y", "cat/dbz/c", "cat/db/c")) {
            write(put("listed", key, text(key), OptionalLong.empty()));
        }
        write(put("other", "cat/db/a", text("other kind"), OptionalLong.empty()));

        assertThat(keys(catalog.listOpaqueObjects("listed", "cat/db/", Optional.empty(), 0, false)))
                .containsExactly("cat/db/a", "cat/db/b", "cat/db/c");
        // LIKE's wildcards in a prefix are taken literally.
        assertThat(keys(catalog.listOpaqueObjects("listed", "cat/db%", Optional.empty(), 0, false)))
                .containsExactly("cat/db%/x");
        assertThat(keys(catalog.listOpaqueObjects("listed", "cat/db_", Optional.empty(), 0, false)))
                .containsExactly("cat/db_/y");

        List<String> paged = new ArrayList<>();
        Optional<String> after = Optional.empty();
        do {
            OpaqueObjectPage page = catalog.listOpaqueObjects("listed", "", after, 2, true);
            assertThat(page.objects()).hasSizeLessThanOrEqualTo(2);
            assertThat(page.objects())
                    .allSatisfy(object -> assertThat(object.body()).isEmpty());
            paged.addAll(keys(page));
            after = page.lastKey();
        } while (after.isPresent());
        assertThat(paged).containsExactly("cat/db%/x", "cat/db/a", "cat/db/b", "cat/db/c", "cat/db_/y", "cat/dbz/c");
    }

    @Test
    void badKindsKeysAndBatchesAreInvalidArguments() {
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog.getOpaqueObject("Upper", "k"));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog.getOpaqueObject("kind", ""));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT, () -> write(put("kind", "a\0b", text("x"), OptionalLong.empty())));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> write(put("kind", "k".repeat(1025), text("x"), OptionalLong.empty())));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog.writeOpaqueObjects(List.of()));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT, () -> catalog.listOpaqueObjects("kind", "", Optional.empty(), 1001, false));
    }

    @Test
    void ofWritersRacingToCreateOneKeyExactlyOneWins() throws Exception {
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Boolean>> outcomes = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                byte[] body = text("writer " + i);
                Callable<Boolean> create = () -> {
                    go.await();
                    try {
                        write(put("race", "one", body, OptionalLong.of(0)));
                        return true;
                    } catch (dev.lakegate.catalog.server.model.CatalogException e) {
                        assertThat(e.code()).isEqualTo(ErrorCode.OPAQUE_OBJECT_ALREADY_EXISTS);
                        return false;
                    }
                };
                outcomes.add(pool.submit(create));
            }
            go.countDown();
            int won = 0;
            for (Future<Boolean> outcome : outcomes) {
                won += outcome.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
            assertThat(catalog.getOpaqueObject("race", "one").version()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    private OpaqueObject write(OpaqueObjectWrite write) {
        return catalog.writeOpaqueObjects(List.of(write)).get(0);
    }

    private static OpaqueObjectWrite put(String kind, String key, byte[] body, OptionalLong expected) {
        return new OpaqueObjectWrite(kind, key, Optional.of(body), expected);
    }

    private static OpaqueObjectWrite delete(String kind, String key, OptionalLong expected) {
        return new OpaqueObjectWrite(kind, key, Optional.empty(), expected);
    }

    private static List<String> keys(OpaqueObjectPage page) {
        return page.objects().stream().map(OpaqueObject::key).toList();
    }

    private static byte[] text(String text) {
        return text.getBytes(UTF_8);
    }
}
