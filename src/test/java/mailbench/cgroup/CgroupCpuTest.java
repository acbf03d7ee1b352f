package mailbench.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quota read from cgroup files laid out as the kernel lays them out (v1 with cpu and cpuacct mounted apart, as on the
 * benchmark machine, or together; v2); the same reading in a real group with a quota is {@code CgroupQuotaTest}.
 */
class CgroupCpuTest {

    @TempDir
    Path root;

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text + "\n");
    }

    private CgroupMounts v1Apart() {
        return CgroupMounts.parse(List.of(
            "31 23 0:28 / " + root + " rw,relatime - tmpfs tmpfs rw,mode=755",
            "32 31 0:29 / " + root.resolve("cpu") + " rw,relatime - cgroup cgroup rw,cpu",
            "33 31 0:30 / " + root.resolve("cpuacct") + " rw,relatime - cgroup cgroup rw,cpuacct",
            "35 31 0:32 / " + root.resolve("memory") + " rw,relatime - cgroup cgroup rw,memory"));
    }

    @Test
    void v1QuotaOnAnAncestorIsTheTightestAndItsGroupIsCounted() throws IOException {
        write(root.resolve("cpu/night/cpu.cfs_quota_us"), "45000");
        write(root.resolve("cpu/night/cpu.cfs_period_us"), "100000");
        write(root.resolve("cpu/night/cpu.stat"), "nr_periods 120\nnr_throttled 30\nthrottled_time 999");
        write(root.resolve("cpu/night/run/cpu.cfs_quota_us"), "-1");
        write(root.resolve("cpu/night/run/cpu.cfs_period_us"), "100000");
        write(root.resolve("cpuacct/night/cpuacct.usage"), "5000000000");

        Optional<CgroupCpu> quota = CgroupCpu.of(List.of("4:memory:/x", "2:cpuacct:/night/run", "1:cpu:/night/run", "0::/"),
            v1Apart(), 2);

        assertThat(quota).isPresent();
        assertThat(quota.get().cores()).isEqualTo(0.45);
        assertThat(quota.get().read()).isEqualTo(new CgroupCpu.Counters(5_000_000_000L, 120, 30));
    }

    @Test
    void v1WithoutTheQuotaGroupInCpuacctCountsThisProcesssOwnGroup() throws IOException {
        write(root.resolve("cpu/night/cpu.cfs_quota_us"), "50000");
        write(root.resolve("cpu/night/cpu.cfs_period_us"), "100000");
        write(root.resolve("cpu/night/cpu.stat"), "nr_periods 1\nnr_throttled 0\nthrottled_time 0");
        write(root.resolve("cpuacct/cpuacct.usage"), "77");

        CgroupCpu quota = CgroupCpu.of(List.of("2:cpuacct:/", "1:cpu:/night"), v1Apart(), 2).orElseThrow();

        assertThat(quota.read().usageNanos()).isEqualTo(77);
    }

    @Test
    void v1TogetherAndAQuotaOfTheWholeMachineOrNoneIsNoQuota() throws IOException {
        CgroupMounts together = CgroupMounts.parse(List.of(
            "32 31 0:29 / " + root.resolve("cpu,cpuacct") + " rw,relatime shared:9 - cgroup cgroup rw,cpu,cpuacct"));
        write(root.resolve("cpu,cpuacct/wide/cpu.cfs_quota_us"), "200000");
        write(root.resolve("cpu,cpuacct/wide/cpu.cfs_period_us"), "100000");
        write(root.resolve("cpu,cpuacct/none/cpu.cfs_quota_us"), "-1");
        write(root.resolve("cpu,cpuacct/none/cpu.cfs_period_us"), "100000");

        assertThat(CgroupCpu.of(List.of("3:cpu,cpuacct:/wide"), together, 2)).isEmpty();
        assertThat(CgroupCpu.of(List.of("3:cpu,cpuacct:/none"), together, 2)).isEmpty();
        assertThat(CgroupCpu.of(List.of("3:cpu,cpuacct:/wide"), together, 4)).get().extracting(CgroupCpu::cores).isEqualTo(2.0);
    }

    @Test
    void v2CpuMaxAndCpuStat() throws IOException {
        CgroupMounts unified = CgroupMounts.parse(List.of("30 23 0:26 / " + root + " rw,nosuid - cgroup2 cgroup2 rw,nsdelegate"));
        write(root.resolve("ci.slice/cpu.max"), "150000 100000");
        write(root.resolve("ci.slice/runner/cpu.max"), "max 100000");
        write(root.resolve("ci.slice/cpu.stat"),
            "usage_usec 2500\nuser_usec 2000\nsystem_usec 500\nnr_periods 10\nnr_throttled 4\nthrottled_usec 900");

        CgroupCpu quota = CgroupCpu.of(List.of("0::/ci.slice/runner"), unified, 2).orElseThrow();

        assertThat(quota.cores()).isEqualTo(1.5);
        assertThat(quota.read()).isEqualTo(new CgroupCpu.Counters(2_500_000, 10, 4));
    }

    @Test
    void aContainerSeesItsGroupAsTheMountsRoot() throws IOException {
        CgroupMounts inContainer = CgroupMounts.parse(List.of(
            "600 590 0:29 /docker/abc " + root.resolve("cpu") + " ro,nosuid - cgroup cgroup rw,cpu"));
        write(root.resolve("cpu/cpu.cfs_quota_us"), "100000");
        write(root.resolve("cpu/cpu.cfs_period_us"), "100000");
        write(root.resolve("cpu/cpu.stat"), "nr_periods 0\nnr_throttled 0\nthrottled_time 0");

        CgroupCpu quota = CgroupCpu.of(List.of("1:cpu:/docker/abc"), inContainer, 2).orElseThrow();

        assertThat(quota.cores()).isEqualTo(1.0);
        assertThat(quota.read()).isEqualTo(new CgroupCpu.Counters(-1, 0, 0));
    }

    @Test
    void noCgroupFileSystemIsNoQuota() throws IOException {
        assertThat(CgroupCpu.of(List.of("1:cpu:/x", "0::/"), CgroupMounts.parse(List.of()), 2)).isEmpty();
        assertThat(CgroupCpu.of(List.of("garbage"), v1Apart(), 2)).isEmpty();
    }
}
