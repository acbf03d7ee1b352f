package mailbench.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import picocli.CommandLine.Option;

/** How the jobs that run {@code mvn gatling:test} (nightly, pairs) call Maven: its command and the -D properties of every run. */
final class MavenRunOptions {

    @Option(names = "-D", paramLabel = "key=value", description = "A -D property for every run, e.g. -Dmailbench.rate=1000")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--maven", description = "Maven's command (default: ${DEFAULT-VALUE})", defaultValue = "mvn")
    String maven;
}
