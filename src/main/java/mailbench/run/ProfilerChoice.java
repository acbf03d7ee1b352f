package mailbench.run;

import java.util.function.Consumer;

import mailbench.knobs.Knobs;
import mailbench.profiler.SidecarClient;
import mailbench.profiler.SidecarToken;
import mailbench.settings.ProfilerSettings;
import mailbench.stack.LocalStack;

/**
 * Which profiler a run gets: the local stack's sidecar, a staging sidecar named by the knobs, or none with the reason a
 * reader of run.json needs (the simulation has no single measured phase, profiling is off, the facade is not in the
 * request path, no sidecar or no token for it).
 */
final class ProfilerChoice {

    private ProfilerChoice() {
    }

    /**
     * @param simulationProfiles whether the simulation has a measured phase to profile (see {@link SimulationNeeds})
     * @param stack the local stack, or null against a target
     */
    static RunProfiler choose(String simulation, boolean simulationProfiles, ProfilerSettings profiling, boolean direct,
                              LocalStack stack, Consumer<String> events) {
        if (!simulationProfiles) {
            return RunProfiler.none(simulation + " has no single measured phase to profile", events);
        }
        if (!profiling.enabled()) {
            return RunProfiler.none("switched off (-D" + Knobs.PROFILER.name() + "=false)", events);
        }
        if (direct) {
            return RunProfiler.none("path=direct: the facade is not in the request path", events);
        }
        if (stack != null) {
            return stack.profiler()
                .map(p -> RunProfiler.using(new SidecarClient(p.url(), SidecarToken.readFile(p.tokenFile())), profiling.settings(), events))
                .orElseGet(() -> RunProfiler.none(stack.profilerProblem(), events));
        }
        if (profiling.url() == null) {
            return RunProfiler.none("staging run without a sidecar: start one next to the facade and set -D" + Knobs.PROFILER_URL.name(),
                events);
        }
        SidecarToken token;
        try {
            token = SidecarToken.fromFileOrEnv(profiling.tokenFile());
        } catch (IllegalArgumentException e) {
            return RunProfiler.none(e.getMessage(), events);
        }
        if (token == null) {
            return RunProfiler.none("no token for the sidecar: set $" + SidecarToken.ENV + " or -D" + Knobs.PROFILER_TOKEN_FILE.name(),
                events);
        }
        return RunProfiler.using(new SidecarClient(profiling.url(), token, profiling.trust()), profiling.settings(), events);
    }
}
