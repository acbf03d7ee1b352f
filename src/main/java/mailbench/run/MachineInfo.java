package mailbench.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import mailbench.host.HostSpeed;

/** Facts about this machine and checkout that make two runs comparable (or show why not). */
final class MachineInfo {

    private MachineInfo() {
    }

    static Map<String, Object> describe() {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("host", hostName());
        machine.put("cores", HostSpeed.machineCores());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            machine.put("memoryMiB", os.getTotalMemorySize() / (1024 * 1024));
        }
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        machine.put("cpu", cpuModel());
        machine.put("speedProbeMs", HostSpeed.probeMillis());
        return machine;
    }

    /** Which injector made the run: a merge of several injectors' runs names them by it. */
    static String hostName() {
        try {
            // the kernel's name: no DNS lookup, which can hang for seconds on a badly configured host
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            try {
                return java.net.InetAddress.getLocalHost().getHostName();
            } catch (IOException fallback) {
                return "unknown";
            }
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: say so below
        }
        return "unknown";
    }

    /** The mailbench commit that ran, with "-dirty" when the checkout had uncommitted changes. */
    static String gitRevision() {
        try {
            String sha = run(List.of("git", "rev-parse", "--short=12", "HEAD"));
            String dirty = run(List.of("git", "status", "--porcelain", "--untracked-files=no"));
            return sha.isEmpty() ? "unknown" : sha + (dirty.isEmpty() ? "" : "-dirty");
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes()).strip();
        return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0 ? out : "";
    }
}
