package mailbench.meters;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A real control group with a CPU quota of half a core, a JVM inside it keeping two threads busy: the run's host CPU
 * section must say the quota, that it left nothing idle and that it throttled the group, while the machine itself may look
 * idle. Needs a writable cgroup file system (root, v1 cpu or v2 with the cpu controller); skips elsewhere.
 */
class CgroupQuotaTest {

    private static final Path ROOT = Path.of("/sys/fs/cgroup");
    private final List<Path> made = new ArrayList<>();

    @AfterEach
    void removeGroups() throws IOException {
        for (int i = made.size() - 1; i >= 0; i--) {
            Files.deleteIfExists(made.get(i));
        }
    }

    /** The folders to put the child in, with a quota of half a core set; skips where the machine does not allow it. */
    private List<Path> halfCoreGroup() {
        String name = "mailbench-quota-test-" + ProcessHandle.current().pid();
        try {
            if (Files.isRegularFile(ROOT.resolve("cpu/cpu.cfs_quota_us"))) {
                Path cpu = mkdir(ROOT.resolve("cpu").resolve(name));
                Files.writeString(cpu.resolve("cpu.cfs_period_us"), "100000");
                Files.writeString(cpu.resolve("cpu.cfs_quota_us"), "50000");
                Path acct = ROOT.resolve("cpuacct");
                return Files.isRegularFile(acct.resolve("cpuacct.usage")) && !Files.isSameFile(acct, ROOT.resolve("cpu"))
                    ? List.of(cpu, mkdir(acct.resolve(name))) : List.of(cpu);
            }
            if (Files.readString(ROOT.resolve("cgroup.subtree_control")).contains("cpu")) {
                Path group = mkdir(ROOT.resolve(name));
                Files.writeString(group.resolve("cpu.max"), "50000 100000");
                return List.of(group);
            }
        } catch (IOException | RuntimeException e) {
            Assumptions.abort("no writable cgroup CPU controller here: " + e);
        }
        Assumptions.abort("no cgroup CPU controller here");
        return List.of();
    }

    private Path mkdir(Path dir) throws IOException {
        Files.createDirectory(dir);
        made.add(dir);
        return dir;
    }

    @Test
    void underAHalfCoreQuotaTheRunShouldSeeTheQuotaNotTheMachinesIdle() throws Exception {
        List<Path> groups = halfCoreGroup();
        StringBuilder join = new StringBuilder();
        for (Path group : groups) {
            join.append("echo $$ > '").append(group.resolve("cgroup.procs")).append("' && ");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process child = new ProcessBuilder("sh", "-c", join + "exec \"$0\" -cp \"$1\" mailbench.meters.QuotaChild", java, classpath)
            .redirectErrorStream(true).start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the child ends").isTrue();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(child.exitValue()).as(out).isZero();

        assertThat(out).contains("quotaCores=0.5 ");
        assertThat(value(out, "quotaIdle")).as(out).isLessThanOrEqualTo(0.1);
        // two busy threads against half a core run out in most periods; a host busy with other work may leave fewer
        assertThat(value(out, "throttled")).as(out).isGreaterThan(0.1);
    }

    private static double value(String line, String key) {
        for (String field : line.split("\\s+")) {
            if (field.startsWith(key + "=")) {
                return Double.parseDouble(field.substring(key.length() + 1));
            }
        }
        throw new AssertionError("no " + key + " in '" + line + "'");
    }
}
