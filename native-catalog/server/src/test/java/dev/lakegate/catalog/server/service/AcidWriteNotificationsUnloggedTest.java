package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.AcidWriteNotification;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.ScratchStore;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Without transaction events (HMS without its transactional listener) writers' reports are kept nowhere. */
class AcidWriteNotificationsUnloggedTest extends ServiceOnScratchStore {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }

    @Test
    void reportsAreNotKept() {
        catalog.acidWriteNotifications()
                .report(List.of(new AcidWriteNotification(
                        1, 1, TableIdentifier.inDefaultCatalog("db", "t"), "", "{}", Optional.empty(), "f###")));
        assertThat(catalog.acidWriteNotifications().list(1, Optional.empty(), Optional.empty()))
                .isEmpty();
    }
}
