package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import mailbench.compare.RunResult;
import mailbench.runfolder.RunFolder;

/**
 * The pairs an interrupted comparison left in its folder, read back as its runner made them: the i-th run folder of
 * {@code base/} with the i-th of {@code current/} (by name, which starts with the run's start time), up to the first
 * pair a side lacks or cannot be read (the run the interruption stopped), each judged again by the {@link PairRule}.
 */
final class RecordedPairs {

    private RecordedPairs() {
    }

    /** The pairs of {@code folder} that count under {@code rule}, each side's runs in pair order. */
    static PairBench.Pairs read(Path folder, PairRule rule) {
        List<Path> bases = runs(folder.resolve(Side.BASE));
        List<Path> currents = runs(folder.resolve(Side.CURRENT));
        List<RunResult> base = new ArrayList<>();
        List<RunResult> current = new ArrayList<>();
        int made = 0;
        for (int i = 0; i < Math.min(bases.size(), currents.size()); i++) {
            RunResult baseRun;
            RunResult currentRun;
            try {
                baseRun = RunResult.load(bases.get(i));
                currentRun = RunResult.load(currents.get(i));
            } catch (RuntimeException unreadable) {
                break;
            }
            made++;
            Trial pair = new Trial(i + 1, true, baseRun, currentRun, Duration.ZERO).checked(Headroom.of(bases.get(i), baseRun),
                Headroom.of(currents.get(i), currentRun), rule);
            if (pair.counted()) {
                base.add(baseRun);
                current.add(currentRun);
            }
        }
        return new PairBench.Pairs(base, current, made + " pairs recorded in " + folder + ", " + base.size() + " counted");
    }

    private static List<Path> runs(Path side) {
        if (!Files.isDirectory(side)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(side)) {
            return children.filter(RunFolder::isRun).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
