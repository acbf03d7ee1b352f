package mailbench.cli;

import java.io.PrintWriter;
import java.util.List;

import mailbench.errors.ToolError;
import mailbench.run.BuildRevision;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParseResult;

/**
 * {@code java -jar target/mailbench.jar <command>}: the operator's entry point.
 *
 * <p>HOW TO RUN: {@code mvn package}, then {@code java -jar target/mailbench.jar --help}.
 */
@Command(name = "mailbench", mixinStandardHelpOptions = true, versionProvider = MailbenchMain.Version.class,
    description = "Load-test and profile a mail search facade over opensearch-java.",
    subcommands = {StackCommand.class, NodeCommand.class, FacadeCommand.class, ProfilerCommand.class, CompareCommand.class, VerdictsCommand.class,
        NightlyCommand.class, BisectCommand.class, PairsCommand.class, TrendCommand.class, MergeCommand.class, SwarmRunCommand.class, InjectorImageCommand.class,
        FeedersCommand.class, LoadCommand.class, NodeLibCommand.class, CostTableCommand.class, TestTimesCommand.class,
        CommandLine.HelpCommand.class})
public final class MailbenchMain {

    private MailbenchMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command and returns its exit code: 0 ok, 2 bad input (the message says which option). */
    public static int run(String... args) {
        return run(null, null, args);
    }

    /** The same, printing to the given writers (null: the console). */
    static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new MailbenchMain());
        if (out != null) {
            commandLine.setOut(out);
        }
        if (err != null) {
            commandLine.setErr(err);
        }
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            // a command that cannot do what it was asked (ToolError) exits 2 with its message, like a bad value
            if (e instanceof IllegalArgumentException || e instanceof ToolError) {
                cmd.getErr().println("error: " + e.getMessage());
                return 2;
            }
            cmd.getErr().println("error: " + e);
            return 1;
        });
        commandLine.setExecutionStrategy(MailbenchMain::refuseUnmatchedThenRun);
        // every subcommand has -V/--version too: without this it printed nothing
        versionEverywhere(commandLine);
        return commandLine.execute(args);
    }

    /**
     * picocli lets unmatched words through when --help is among them ({@code trend --help} printed the
     * main usage and exited 0): an unknown command is refused whatever follows it.
     */
    private static int refuseUnmatchedThenRun(ParseResult parsed) {
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            List<String> unmatched = level.unmatched();
            if (unmatched.isEmpty()) {
                continue;
            }
            CommandLine cmd = level.commandSpec().commandLine();
            if (level == parsed && !parsed.hasSubcommand()) {
                cmd.getErr().println("error: unknown command '" + unmatched.get(0) + "'; commands: "
                    + String.join(", ", cmd.getSubcommands().keySet()));
            } else {
                cmd.getErr().println("error: unknown argument(s) for '" + cmd.getCommandSpec().qualifiedName() + "': "
                    + String.join(" ", unmatched));
            }
            cmd.getErr().println("see '" + cmd.getCommandSpec().qualifiedName() + " --help'");
            return CommandLine.ExitCode.USAGE;
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    private static void versionEverywhere(CommandLine command) {
        for (CommandLine sub : command.getSubcommands().values()) {
            if (sub.getCommandSpec().version().length == 0) {
                sub.getCommandSpec().versionProvider(new Version());
            }
            versionEverywhere(sub);
        }
    }

    /** "mailbench 0.1.0-SNAPSHOT (revision 1a2b3c4d5e6f)", from what the build recorded. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {BuildRevision.current().line()};
        }
    }
}
