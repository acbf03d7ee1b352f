package mailbench.profiler;

import java.io.IOException;
import java.net.URI;

import mailbench.profiler.SidecarReplies.Reply;

/** The calls of the control API (see {@link SidecarServer}), each run on a worker thread into its {@link Reply}. */
final class SidecarCalls {

    private final ProfilerSidecar sidecar;

    SidecarCalls(ProfilerSidecar sidecar) {
        this.sidecar = sidecar;
    }

    /** {@code rawUri}: the path and query as the request line has them. */
    Reply call(String method, String rawUri) {
        try {
            return route(method, URI.create(rawUri));
        } catch (ProfilerSidecar.Conflict e) {
            return Reply.error(409, e.getMessage());
        } catch (IllegalArgumentException e) {
            return Reply.error(400, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.error(503, "the sidecar is stopping");
        } catch (IOException | RuntimeException e) {
            return Reply.error(500, "the profiler failed: " + e.getMessage());
        }
    }

    private Reply route(String method, URI uri) throws IOException, InterruptedException {
        String path = uri.getPath();
        switch (path) {
            case "/status" -> {
                return method.equals("GET") ? Reply.json(200, sidecar.status()) : Reply.methodNotAllowed(method, "GET");
            }
            case "/start" -> {
                return method.equals("POST") ? captured(sidecar.start(SidecarQuery.captureSettings(uri))) : Reply.methodNotAllowed(method, "POST");
            }
            case "/stop" -> {
                return method.equals("POST") ? captured(sidecar.stop()) : Reply.methodNotAllowed(method, "POST");
            }
            case "/artifacts" -> {
                return method.equals("GET") ? Reply.json(200, sidecar.artifacts(SidecarQuery.window(uri))) : Reply.methodNotAllowed(method, "GET");
            }
            default -> {
                if (!path.startsWith("/artifacts/")) {
                    return Reply.error(404, "no such endpoint: " + path + " (try /status, /start, /stop, /artifacts)");
                }
                return method.equals("GET") ? Reply.file(sidecar.artifact(path.substring("/artifacts/".length())))
                    : Reply.methodNotAllowed(method, "GET");
            }
        }
    }

    /** A start's or stop's status: 422 when it failed (the reason is in it). */
    private static Reply captured(ProfilerSidecar.Status status) {
        return Reply.json(status.state() == ProfilerSidecar.State.FAILED ? 422 : 200, status);
    }
}
