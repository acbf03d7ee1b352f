package mailbench.bisect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.node.ObjectNode;

import mailbench.json.Json;
import mailbench.nightly.Git;
import mailbench.nightly.NightlyHistories;

/**
 * A repository of empty commits and the made-up runs of each: up to the culprit the facade spends 0.5 ms of CPU a
 * request, from it on 0.6 ms (20% more), served by a Maven whose "gatling:test" moves in the next run folder queued for
 * the checkout it runs in ({@link NightlyHistories#fakeMaven}): a commit's clone is named by its id.
 */
public final class MadeUpCommits {

    private static final NightlyHistories.Load BEFORE = new NightlyHistories.Load(100, 10, 0.5);
    private static final NightlyHistories.Load AFTER = new NightlyHistories.Load(100, 10, 0.6);

    private MadeUpCommits() {
    }

    /** {@code count} commits after a first one in a new repository, with the pom.xml a checkout needs; all their ids, oldest first. */
    public static List<String> repository(Path project, int count) throws Exception {
        Files.createDirectories(project);
        Git.run(project, "init", "-q").require("git init");
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        Git.run(project, "add", "pom.xml").require("git add");
        List<String> commits = new ArrayList<>();
        for (int i = 0; i <= count; i++) {
            Git.run(project, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "commit " + i)
                .require("git commit");
            commits.add(Git.run(project, "rev-parse", "HEAD").require("git rev-parse"));
        }
        return commits;
    }

    /**
     * The Maven of {@code checkouts} (folder names, in history order), runs queued for each: the first's {@code goodRuns}
     * (it is the base side of every step), the others' {@code runs}, the slower load from position {@code culprit} on.
     */
    public static String maven(Path dir, List<String> checkouts, int culprit, int goodRuns, int runs) throws Exception {
        Path queues = dir.resolve("queue");
        Random random = new Random(culprit);
        for (int position = 0; position < checkouts.size(); position++) {
            for (int run = 1; run <= (position == 0 ? goodRuns : runs); run++) {
                String name = String.format("20261201-02%02d%02d-SearchSimulation-default", position, run);
                Path folder = NightlyHistories.writeRun(queues.resolve(checkouts.get(position)).resolve(name), "bench-1",
                    position >= culprit ? AFTER : BEFORE, random);
                // as a real run, its run.json names the commit it ran, 12 characters (what a resumed bisection matches its
                // rounds by); a checkout named otherwise (tonight's, in a night) gives its name
                ObjectNode record = (ObjectNode) Json.MAPPER.readTree(folder.resolve("run.json").toFile());
                String checkout = checkouts.get(position);
                ((ObjectNode) record.path("versions")).put("mailbench", checkout.substring(0, Math.min(12, checkout.length())));
                Json.MAPPER.writeValue(folder.resolve("run.json").toFile(), record);
            }
        }
        return NightlyHistories.fakeMaven(dir, queues);
    }
}
