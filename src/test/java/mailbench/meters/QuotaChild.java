package mailbench.meters;

import java.util.Map;

import mailbench.runfolder.CpuSection;

/** Started by {@link CgroupQuotaTest} inside a group with a CPU quota: keeps two cores' worth of threads busy and prints what HostCpu saw. */
public final class QuotaChild {

    private QuotaChild() {
    }

    public static void main(String[] args) throws InterruptedException {
        long start = System.currentTimeMillis();
        try (HostCpu cpu = HostCpu.start(Map.of())) {
            Thread[] spinners = new Thread[2];
            for (int i = 0; i < spinners.length; i++) {
                spinners[i] = new Thread(() -> {
                    long x = 0;
                    while (System.currentTimeMillis() - start < 3_500) {
                        x += System.nanoTime() % 7;
                    }
                    if (x == 42) {
                        System.out.print("");
                    }
                });
                spinners[i].start();
            }
            for (Thread spinner : spinners) {
                spinner.join();
            }
            CpuSection section = cpu.between(start, System.currentTimeMillis());
            System.out.println("quotaCores=" + section.quotaCores() + " quotaIdle=" + section.quotaIdle() + " throttled="
                + section.throttled() + " idle=" + section.idle());
        }
    }
}
