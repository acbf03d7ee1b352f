package mailbench.cli;

import mailbench.facade.Listen;
import picocli.CommandLine.Option;

/** The facade's options for where it serves: address, port and event loops. */
final class ListenOptions {

    @Option(names = "--host", description = "Address to listen on (default: ${DEFAULT-VALUE})",
        defaultValue = Listen.DEFAULT_HOST)
    String host;

    @Option(names = "--port", description = "Port to listen on, 0 = any free port (default: ${DEFAULT-VALUE})",
        defaultValue = "" + Listen.DEFAULT_PORT)
    int port;

    @Option(names = "--event-loops", description = "Vert.x event loops serving HTTP, one server each on the same port"
        + " (default: ${DEFAULT-VALUE})",
        defaultValue = "" + Listen.DEFAULT_EVENT_LOOPS)
    int eventLoops;

    Listen listen() {
        return new Listen(host, port, eventLoops);
    }
}
