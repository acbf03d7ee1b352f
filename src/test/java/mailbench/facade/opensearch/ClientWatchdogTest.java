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
        assertThat(httpClient5.newThread(idle).getName()).isEqualTo("httpclient-dispatch-1");
        assertThat(httpClient5.newThread(idle).isDaemon()).isTrue();
        assertThat(restClient.newThread(idle).getName()).isEqualTo("I/O reactor");
        assertThat(restClient.newThread(idle).getName()).isEqualTo("I/O dispatcher 1");
        assertThat(restClient.threads()).hasSize(2);
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
