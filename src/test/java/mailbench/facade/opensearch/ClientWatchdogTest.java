package mailbench.facade.opensearch;


import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

class ClientWatchdogTest {

    @Test
    void threadsShouldKeepTheNamesEachLibraryGivesThem() {
        ClientThreads httpClient5 = ClientThreads.httpClient5();
        ClientThreads restClient = ClientThreads.restClient();
        Runnable idle = () -> { };

        assertThat(httpClient5.newThread(idle).getName()).isEqualTo("httpclient-main");
        assertThat(httpClient5.newThread(idle).isDaemon()).isTrue();
        assertThat(restClient.newThread(idle).getName()).isEqualTo("I/O reactor");
        assertThat(restClient.threads()).hasSize(1);
    }

    /** The real clients, built and started as the facade builds them: their I/O threads must carry the library's names. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(ClientOptions.Transport.class)
    void theRealClientsIoThreadsShouldBeNamedAsTheProfilerExpects(ClientOptions.Transport transport) throws Exception {
        mailbench.facade.FacadeConfig config = mailbench.facade.FacadeConfig.local(java.net.URI.create("http://127.0.0.1:9"),
            "mail")
            .with(new mailbench.facade.ClientSettings(new ClientOptions(transport, ClientOptions.Mapper.SHARED,
                ClientOptions.Projection.DOC_VALUES), 1, 4, java.time.Duration.ofSeconds(1), java.time.Duration.ofSeconds(30),
                mailbench.facade.ClientSettings.DEFAULT_MAX_RESPONSE_BYTES));
        try (OpenSearchClients clients = OpenSearchClients.create(config.openSearchClient(java.time.Duration.ofSeconds(1)))) {
            String io = transport == ClientOptions.Transport.HTTPCLIENT5 ? "httpclient-dispatch-1" : "I/O dispatcher 1";
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).contains(io));
            Thread ioThread = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(io)).findFirst().orElseThrow();
            assertThat(isIoWorkerRunning(ioThread)).as(io + " runs the reactor").isTrue();
            assertThat(clients.watchdog().problem()).isNull();
        }
    }

    private static boolean isIoWorkerRunning(Thread thread) {
        return java.util.Arrays.stream(thread.getStackTrace()).anyMatch(frame -> frame.getClassName().contains("IOReactor")
            || frame.getClassName().contains("nio.reactor"));
    }

    @Test
    void aThreadNotYetStartedShouldNotCountAsDead() {
        ClientThreads threads = ClientThreads.httpClient5();
        threads.newThread(() -> { });

        assertThat(new ClientWatchdog(threads).problem()).isNull();
    }

    @Test
    void aThreadThatEndedShouldBeNamedAndStayDead() throws Exception {
        ClientThreads threads = ClientThreads.httpClient5();
        CountDownLatch release = new CountDownLatch(1);
        Thread main = threads.newThread(() -> { });
        Thread io = threads.newThread(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ClientWatchdog watchdog = new ClientWatchdog(threads);
        main.start();
        io.start();
        main.join();
        // the main thread's end is a problem too: a library that lost it cannot start or stop its reactor
        assertThat(watchdog.problem()).contains("'httpclient-main' has died").contains("restart the facade");

        release.countDown();
        io.join();
        assertThat(watchdog.problem()).as("the first death stays the answer").contains("'httpclient-main'");
    }
}
