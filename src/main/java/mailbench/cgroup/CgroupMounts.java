package mailbench.cgroup;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the cgroup file systems are mounted, from /proc/self/mountinfo: one v1 hierarchy per controller (cpu and
 * cpuacct mounted apart or together) and the v2 unified one. A container sees its own group as the mount's root.
 */
final class CgroupMounts {

    /** One mount: its point in this file system and the group it shows at that point. */
    record Mount(Path point, String root) {

        /** The folder of a group named as /proc/self/cgroup names it. */
        Path dirOf(String group) {
            String relative = root.equals("/") ? group : group.startsWith(root) ? group.substring(root.length()) : "";
            relative = relative.replaceFirst("^/+", "");
            return relative.isEmpty() ? point : point.resolve(relative);
        }
    }

    private final Map<String, Mount> v1 = new HashMap<>();
    private Mount unified;

    /** The lines of a mountinfo file: "id parent major:minor root point options [tags] - type source super-options". */
    static CgroupMounts parse(List<String> mountinfo) {
        CgroupMounts mounts = new CgroupMounts();
        for (String line : mountinfo) {
            int dash = line.indexOf(" - ");
            String[] head = line.substring(0, Math.max(dash, 0)).split(" ");
            String[] tail = dash < 0 ? new String[0] : line.substring(dash + 3).split(" ");
            if (head.length < 5 || tail.length < 3) {
                continue;
            }
            Mount mount = new Mount(Path.of(head[4]), head[3]);
            if (tail[0].equals("cgroup2")) {
                mounts.unified = mount;
            } else if (tail[0].equals("cgroup")) {
                for (String option : tail[2].split(",")) {
                    mounts.v1.putIfAbsent(option, mount);
                }
            }
        }
        return mounts;
    }

    /** The v1 hierarchy holding {@code controller}, or null. */
    Mount v1(String controller) {
        return v1.get(controller);
    }

    /** The v2 hierarchy, or null. */
    Mount unified() {
        return unified;
    }
}
