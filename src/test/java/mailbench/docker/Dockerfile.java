package mailbench.docker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Dockerfile of docker/ read into its global build arguments (the {@code ARG}s before the first {@code FROM}, with their
 * defaults) and its stages: enough to check what a Docker engine would find out at build time.
 */
record Dockerfile(Map<String, String> args, List<Dockerfile.Stage> stages) {

    static final Set<String> INSTRUCTIONS = Set.of("ADD", "ARG", "CMD", "COPY", "ENTRYPOINT", "ENV", "EXPOSE", "FROM", "HEALTHCHECK",
        "LABEL", "ONBUILD", "RUN", "SHELL", "STOPSIGNAL", "USER", "VOLUME", "WORKDIR");
    private static final Pattern ARG_REFERENCE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)}?");

    record Instruction(int line, String keyword, String arguments) {

        /** The words of a shell-form instruction, e.g. {@code COPY --from=build /src/a /b}. */
        List<String> words() {
            return Arrays.asList(arguments.trim().split("\\s+"));
        }
    }

    /** One {@code FROM ... AS name} and what follows it. */
    record Stage(String name, String base, List<Instruction> instructions) {

        List<Instruction> all(String keyword) {
            return instructions.stream().filter(i -> i.keyword().equals(keyword)).toList();
        }
    }

    static Dockerfile read(Path file) throws IOException {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        int start = 0;
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (pending.isEmpty()) {
                start = i + 1;
            }
            boolean continued = line.endsWith("\\");
            pending.append(continued ? line.substring(0, line.length() - 1) : line).append(' ');
            if (!continued) {
                String text = pending.toString().strip();
                int space = text.indexOf(' ');
                instructions.add(new Instruction(start, text.substring(0, space).toUpperCase(Locale.ROOT), text.substring(space + 1).strip()));
                pending.setLength(0);
            }
        }
        Map<String, String> args = new LinkedHashMap<>();
        return new Dockerfile(args, stages(instructions, args));
    }

    /** The stages; the global ARGs go into {@code args}, and a FROM {@code ${NAME}} names the image of that ARG's default. */
    private static List<Stage> stages(List<Instruction> instructions, Map<String, String> args) {
        List<Stage> stages = new ArrayList<>();
        for (Instruction instruction : instructions) {
            if (instruction.keyword().equals("FROM")) {
                List<String> words = instruction.words();
                String name = words.size() == 3 && words.get(1).equalsIgnoreCase("AS") ? words.get(2) : "stage-" + stages.size();
                Matcher arg = ARG_REFERENCE.matcher(words.get(0));
                String base = arg.matches() ? args.get(arg.group(1)) : words.get(0);
                if (base == null) {
                    throw new IllegalStateException("line " + instruction.line() + ": FROM " + words.get(0) + " names no global ARG with a default");
                }
                stages.add(new Stage(name, base, new ArrayList<>()));
            } else if (stages.isEmpty() && instruction.keyword().equals("ARG")) {
                String[] nameAndDefault = instruction.arguments().split("=", 2);
                args.put(nameAndDefault[0], nameAndDefault.length == 2 ? nameAndDefault[1] : null);
            } else if (stages.isEmpty()) {
                throw new IllegalStateException("line " + instruction.line() + ": " + instruction.keyword() + " before the first FROM");
            } else {
                stages.get(stages.size() - 1).instructions().add(instruction);
            }
        }
        return stages;
    }

    Stage stage(String name) {
        return stages.stream().filter(s -> s.name().equals(name)).findFirst()
            .orElseThrow(() -> new AssertionError("no stage " + name + " in the Dockerfile"));
    }

    /** The stage's last WORKDIR (absolute here), else the one of the stage it starts from, else /. */
    String workdir(String stageName) {
        Stage stage = stage(stageName);
        return stage.all("WORKDIR").stream().reduce((a, b) -> b).map(Instruction::arguments)
            .orElseGet(() -> stages.stream().anyMatch(s -> s.name().equals(stage.base())) ? workdir(stage.base()) : "/");
    }

    List<Instruction> instructions() {
        return stages.stream().flatMap(s -> s.instructions().stream()).toList();
    }
}
