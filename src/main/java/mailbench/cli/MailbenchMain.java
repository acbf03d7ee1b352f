package mailbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar target/mailbench.jar <command>}: the operator's entry point.
 *
 * <p>HOW TO RUN: {@code mvn package}, then {@code java -jar target/mailbench.jar --help}.
 */
@Command(name = "mailbench", mixinStandardHelpOptions = true, version = "mailbench 0.1",
    description = "Load-test and profile a mail search facade over opensearch-java.",
    subcommands = {StackCommand.class, FacadeCommand.class, ProfilerCommand.class, CompareCommand.class, VerdictsCommand.class, NightlyCommand.class, PairsCommand.class,
        MergeCommand.class, FeedersCommand.class, LoadCommand.class, CommandLine.HelpCommand.class})
public final class MailbenchMain {

    private MailbenchMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command and returns its exit code: 0 ok, 2 bad input (the message says which option). */
    public static int run(String... args) {
        CommandLine commandLine = new CommandLine(new MailbenchMain());
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof IllegalArgumentException) {
                cmd.getErr().println("error: " + e.getMessage());
                return 2;
            }
            cmd.getErr().println("error: " + e);
            return 1;
        });
        return commandLine.execute(args);
    }
}
