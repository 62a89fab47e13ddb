package dev.lakegate.realhms;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildJvmTest {

    @TempDir
    Path dir;

    @Test
    void runsTheMainClassThroughTheWatchdogAndAppendsToTheLog() throws Exception {
        Path log = dir.resolve("logs").resolve("child.log");
        try (ChildJvm child = ChildJvm.start(launch("exit", ChildMains.Exit.class, List.of("3", "x"), log))) {
            assertThat(child.await(Duration.ofSeconds(60))).isEqualTo(3);
            assertThat(child.exitCode()).hasValue(3);
            assertThat(child.isAlive()).isFalse();
        }
        String text = Files.readString(log);
        assertThat(text)
                .startsWith("=== ")
                .contains(ChildWatchdog.class.getName() + " " + ChildMains.Exit.class.getName() + " 3 x")
                .contains("arguments 3 x");
        assertThat(dir.resolve("watchdog").resolve(ChildWatchdog.class.getName().replace('.', '/') + ".class"))
                .isRegularFile();
    }

    @Test
    void closeStopsARunningChild() throws Exception {
        Path log = dir.resolve("sleep.log");
        ChildJvm child = ChildJvm.start(launch("sleep", ChildMains.Sleep.class, List.of(), log));
        assertThat(child.exitCode()).isEmpty();
        child.checkAlive("while sleeping");
        child.close();
        assertThat(child.isAlive()).isFalse();
    }

    @Test
    void aChildHaltsWhenItsParentDies() throws Exception {
        Path log = dir.resolve("parent.log");
        try (ChildJvm parent = ChildJvm.start(launch(
                "parent",
                ChildMains.StartsChildThenHalts.class,
                List.of(dir.resolve("grandchild").toString()),
                log))) {
            assertThat(parent.await(Duration.ofSeconds(60))).isZero();
        }
        Matcher pid = Pattern.compile("grandchild (\\d+)").matcher(Files.readString(log));
        assertThat(pid.find()).as("the parent's log: %s", Files.readString(log)).isTrue();
        Optional<ProcessHandle> grandchild = ProcessHandle.of(Long.parseLong(pid.group(1)));
        if (grandchild.isPresent()) {
            grandchild.get().onExit().get(30, TimeUnit.SECONDS);
        }
        assertThat(Files.readString(dir.resolve("grandchild").resolve("grandchild.log")))
                .contains("ChildWatchdog: the parent JVM is gone; halting");
    }

    private ChildJvm.Launch launch(String name, Class<?> main, List<String> args, Path log) {
        return new ChildJvm.Launch(
                name, List.of("-Xmx32m"), ChildMains.testClasspath(), main.getName(), args, dir, log, Map.of());
    }
}
